package org.jzenith.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;

/** {@link JZenithExtension#managementClient()}: health and metrics on the management port. */
class ManagementClientTest {

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(
                    args -> JZenith.application(args).withPlugins(RestPlugin.withResources(EchoResource.class)))
            .withConfiguration("management.port", 0);

    @Test
    void reachesTheManagementPort() {
        assertThat(APP.managementClient().get("/health").status()).isEqualTo(200);
        assertThat(APP.managementClient().get("/metrics").body()).contains("jvm_memory_used_bytes");
        assertThat(APP.client().get("/health").status()).isEqualTo(404);
        assertThat(APP.managementClient().baseUri()).isNotEqualTo(APP.client().baseUri());
    }

    @Test
    void withoutAManagementPortItSaysWhatToSet() {
        final JZenithExtension plain = JZenithExtension.of(
                args -> JZenith.application(args).withPlugins(RestPlugin.withResources(EchoResource.class)));
        try {
            plain.start();
            assertThatIllegalStateException()
                    .isThrownBy(plain::managementClient)
                    .withMessageContaining("set management.port");
        } finally {
            plain.stop();
        }
    }
}
