package org.jzenith.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.CoreConfiguration;

/**
 * Under the extension the test profile is active: keys written %test.key apply; and stopping does not
 * wait, even in a Kubernetes pod.
 */
class TestProfileTest {

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(args -> JZenith.application(args)
            .withConfiguration("jzenith.shutdown-timeout", "7s")
            .withConfiguration("%test.jzenith.shutdown-timeout", "3s")
            .withConfiguration("%prod.jzenith.shutdown-timeout", "20s"));

    @Test
    void theTestProfilesKeysApply(final JZenith app) {
        final CoreConfiguration core = app.instance(CoreConfiguration.class);

        assertThat(core.profile()).contains("test");
        assertThat(core.shutdownTimeout()).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void stoppingHasNoPreStopDelay(final JZenith app) {
        assertThat(app.instance(CoreConfiguration.class).shutdown().preStopDelay())
                .contains(Duration.ZERO);
    }
}
