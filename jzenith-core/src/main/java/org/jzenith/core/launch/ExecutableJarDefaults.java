package org.jzenith.core.launch;

import java.lang.instrument.Instrumentation;

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
 * <p>It runs before anything else of the application, so it is also where an older Java is told,
 * in one line, that jZenith needs Java 25: this one class is compiled for Java 8 (see the pom),
 * and the rest of the application, compiled for 25, would only fail with a class version error.
 * Java 8 itself does not run launcher agents and still gives that error.
 *
 * <p>Nothing else calls it: jZenith itself sets no system property.
 */
public final class ExecutableJarDefaults {

    /** The Java feature version jZenith is compiled for. */
    static final int REQUIRED_JAVA = 25;

    /** The settings, each applied only when the command line did not set it. */
    static final String[][] DEFAULTS = {
        {"guice_custom_class_loading", "CHILD"},
        {"io.netty.jfr.enabled", "false"},
    };

    private ExecutableJarDefaults() {}

    /** Called by the JVM before {@code main} for an executable jar whose manifest names this class. */
    public static void agentmain(final String arguments, final Instrumentation instrumentation) {
        final int feature = featureVersion(System.getProperty("java.specification.version", ""));
        if (feature < REQUIRED_JAVA) {
            System.err.println(tooOld(System.getProperty("java.version"), System.getProperty("java.home")));
            System.exit(1);
        }
        for (final String[] setting : DEFAULTS) {
            if (System.getProperty(setting[0]) == null) {
                System.setProperty(setting[0], setting[1]);
            }
        }
    }

    /** The one line an older Java prints instead of a class version error. */
    static String tooOld(final String version, final String home) {
        return "jZenith needs Java " + REQUIRED_JAVA + " or newer, but this is Java " + version + " (" + home
                + "); start the jar with the java of a Java " + REQUIRED_JAVA + " or newer installation"
                + " (such as Temurin " + REQUIRED_JAVA + ").";
    }

    /** 17 for "17", 8 for "1.8"; 0 when it cannot be read, which counts as too old. */
    static int featureVersion(final String specification) {
        final String feature = specification.startsWith("1.") ? specification.substring(2) : specification;
        int value = 0;
        for (int i = 0; i < feature.length() && Character.isDigit(feature.charAt(i)); i++) {
            value = value * 10 + (feature.charAt(i) - '0');
        }
        return value;
    }
}
