package org.jzenith.maven.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.Secrets;
import org.jzenith.core.internal.configuration.ConfigurationLoader;

/**
 * The plugin's copy of the environment naming agrees with the service's own, and core's secret rule,
 * which the plugin uses as it is, runs on the classpath a user's build gives the plugin.
 */
class SettingKeysTest {

    private static final List<String> KEYS = List.of(
            "rest.port",
            "rest.max-body-size",
            "management.port",
            "jzenith.shutdown.pre-stop-delay",
            "jzenith.shutdown-timeout",
            "%prod.rest.port",
            "jdbc.password",
            "kafka.client.sasl.jaas.config",
            "otel.exporter.otlp.traces.headers",
            "Mixed.Case_key",
            "user.store");

    @Test
    void environmentNamesAreTheServicesOwn() {
        for (final String key : KEYS) {
            assertThat(SettingKeys.environmentName(key)).as(key).isEqualTo(ConfigurationLoader.environmentName(key));
        }
    }

    /**
     * The plugin depends on jzenith-core without core's dependencies (a Maven plugin's classpath stays
     * small): Secrets must load and answer with the JDK and core's own classes alone.
     */
    @Test
    void coresSecretRuleNeedsNothingButTheJdk() throws Exception {
        final URL core = Secrets.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader alone = new URLClassLoader(new URL[] {core}, ClassLoader.getPlatformClassLoader())) {
            final Class<?> secrets = alone.loadClass(Secrets.class.getName());
            assertThat(secrets.getClassLoader()).isSameAs(alone);
            final Method isSecret = secrets.getMethod("isSecret", String.class);
            final Method carriesSecret = secrets.getMethod("carriesSecret", String.class);
            assertThat(isSecret.invoke(null, "jdbc.password")).isEqualTo(true);
            assertThat(isSecret.invoke(null, "jdbc.url")).isEqualTo(false);
            assertThat(carriesSecret.invoke(null, "postgresql://app:pw@db/app")).isEqualTo(true);
            // The rule core's test classpath would fail without: SmallRye is there, not in alone.
            assertThat(alone.getResource("io/smallrye/config/SmallRyeConfig.class"))
                    .isNull();
        }
    }
}
