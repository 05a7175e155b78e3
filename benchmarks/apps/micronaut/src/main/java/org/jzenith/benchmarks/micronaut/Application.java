package org.jzenith.benchmarks.micronaut;

import io.micronaut.runtime.Micronaut;

/** The TechEmpower test types on Micronaut 4 with JDBC on HikariCP. */
public final class Application {

    private Application() {}

    public static void main(final String[] args) {
        Micronaut.run(Application.class, args);
    }
}
