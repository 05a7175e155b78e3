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
}
