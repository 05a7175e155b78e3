package org.jzenith.core.launch;

import java.lang.instrument.Instrumentation;
import java.util.Map;

/**
 * The JVM settings that {@code bin/APP}, the application's launcher, passes as flags, for a service
 * started with {@code java -jar app.jar} instead: the JVM runs this class before {@code main} when
 * the jar's manifest names it ({@code Launcher-Agent-Class: org.jzenith.core.launch.ExecutableJarDefaults},
 * which jZenith's packaging writes). A value given on the command line wins.
 *
 * <ul>
 *   <li>{@code guice_custom_class_loading=CHILD}: Guice defines its generated classes in a child
 *       class loader instead of through {@code sun.misc.Unsafe}, which JDK 24+ warns about on every
 *       start;
 *   <li>{@code io.netty.jfr.enabled=false}: Netty does not set up Flight Recorder events of its own
 *       at start-up, which only a profiling session wants.
 * </ul>
 *
 * <p>Nothing else calls it: jZenith itself sets no system property.
 */
public final class ExecutableJarDefaults {

    /** The settings, each applied only when the command line did not set it. */
    static final Map<String, String> DEFAULTS =
            Map.of("guice_custom_class_loading", "CHILD", "io.netty.jfr.enabled", "false");

    private ExecutableJarDefaults() {}

    /** Called by the JVM before {@code main} for an executable jar whose manifest names this class. */
    public static void agentmain(final String arguments, final Instrumentation instrumentation) {
        DEFAULTS.forEach((key, value) -> {
            if (System.getProperty(key) == null) {
                System.setProperty(key, value);
            }
        });
    }
}
