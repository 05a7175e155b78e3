package org.jzenith.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.test.Configurations;

class JdbcConfigurationTest {

    @Test
    void hasTheDocumentedDefaults() {
        final JdbcConfiguration configuration = Configurations.read(JdbcConfiguration.class, Map.of());

        assertThat(configuration.url()).isEmpty();
        assertThat(configuration.username()).isEmpty();
        assertThat(configuration.password()).isEmpty();
        assertThat(configuration.pool().size()).isEmpty();
        assertThat(configuration.connectionTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(configuration.migrate()).isTrue();
        assertThat(configuration.embedded().directory()).isEqualTo("data");
    }

    @Test
    void readsEveryKey() {
        final JdbcConfiguration configuration = Configurations.read(
                JdbcConfiguration.class,
                Map.of(
                        "jdbc.url", "jdbc:postgresql://db/app",
                        "jdbc.username", "app",
                        "jdbc.password", "secret",
                        "jdbc.pool.size", "3",
                        "jdbc.connection-timeout", "500ms",
                        "jdbc.migrate", "false",
                        "jdbc.embedded.directory", "/var/lib/app"));

        assertThat(configuration.url()).contains("jdbc:postgresql://db/app");
        assertThat(configuration.username()).contains("app");
        assertThat(configuration.password()).contains("secret");
        assertThat(configuration.pool().size()).hasValue(3);
        assertThat(configuration.connectionTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(configuration.migrate()).isFalse();
        assertThat(configuration.embedded().directory()).isEqualTo("/var/lib/app");
    }

    @Test
    void aMistypedKeyIsReportedWithTheRightOne() {
        assertThatThrownBy(() -> Configurations.read(JdbcConfiguration.class, Map.of("jdbc.pool.sise", "3")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("did you mean jdbc.pool.size?");
    }

    @Test
    void aBadValueIsReportedWithoutShowingThePassword() {
        assertThatThrownBy(() -> Configurations.read(
                        JdbcConfiguration.class, Map.of("jdbc.pool.size", "ten", "jdbc.password", "hunter2")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("jdbc.pool.size")
                .message()
                .doesNotContain("hunter2");
    }
}
