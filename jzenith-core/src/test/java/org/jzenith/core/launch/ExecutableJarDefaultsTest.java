package org.jzenith.core.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each test starts with none of the defaults' properties set (as a command line without them), so
 * that a value seen afterwards is one {@code agentmain} set, not one the test JVM had.
 */
class ExecutableJarDefaultsTest {

    private final Map<String, String> before = new HashMap<>();

    @BeforeEach
    void clearTheProperties() {
        for (final String[] setting : ExecutableJarDefaults.DEFAULTS) {
            final String key = setting[0];
            final String value = System.getProperty(key);
            if (value != null) {
                before.put(key, value);
            }
            System.clearProperty(key);
        }
    }

    @AfterEach
    void restoreTheProperties() {
        for (final String[] setting : ExecutableJarDefaults.DEFAULTS) {
            final String key = setting[0];
            if (before.containsKey(key)) {
                System.setProperty(key, before.get(key));
            } else {
                System.clearProperty(key);
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

    @Test
    void setsWhatTheCommandLineLeftOpen() {
        ExecutableJarDefaults.agentmain("", null);

        assertThat(System.getProperty("guice_custom_class_loading")).isEqualTo("CHILD");
        assertThat(System.getProperty("io.netty.jfr.enabled")).isEqualTo("false");
    }

    @Test
    void keepsWhatTheCommandLineSet() {
        System.setProperty("io.netty.jfr.enabled", "true");

        ExecutableJarDefaults.agentmain("", null);

        assertThat(System.getProperty("io.netty.jfr.enabled")).isEqualTo("true");
        assertThat(System.getProperty("guice_custom_class_loading")).isEqualTo("CHILD");
    }
}
