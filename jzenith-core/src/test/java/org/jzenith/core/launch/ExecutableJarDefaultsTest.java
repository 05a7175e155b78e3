package org.jzenith.core.launch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExecutableJarDefaultsTest {

    @Test
    void setsWhatTheCommandLineLeftOpenAndKeepsWhatItSet() {
        final String previous = System.getProperty("io.netty.jfr.enabled");
        System.setProperty("io.netty.jfr.enabled", "true");
        try {
            ExecutableJarDefaults.agentmain("", null);

            assertThat(System.getProperty("io.netty.jfr.enabled")).isEqualTo("true");
            assertThat(System.getProperty("guice_custom_class_loading")).isEqualTo("CHILD");
        } finally {
            if (previous == null) {
                System.clearProperty("io.netty.jfr.enabled");
            } else {
                System.setProperty("io.netty.jfr.enabled", previous);
            }
        }
    }

    @Test
    void readsTheFeatureVersionOfOldAndNewJavas() {
        assertThat(ExecutableJarDefaults.featureVersion("1.8")).isEqualTo(8);
        assertThat(ExecutableJarDefaults.featureVersion("17")).isEqualTo(17);
        assertThat(ExecutableJarDefaults.featureVersion("25")).isEqualTo(25);
        assertThat(ExecutableJarDefaults.featureVersion("")).isZero();
    }

    @Test
    void tellsAnOlderJavaInOneLineWhatIsNeededAndWhatItIs() {
        assertThat(ExecutableJarDefaults.tooOld("17.0.15", "/usr/lib/jvm/java-17"))
                .isEqualTo("jZenith needs Java 25 or newer, but this is Java 17.0.15 (/usr/lib/jvm/java-17); start the"
                        + " jar with the java of a Java 25 or newer installation (such as Temurin 25).")
                .doesNotContain("\n");
    }
}
