package org.jzenith.benchmarks;

import org.jzenith.core.JZenith;
import org.jzenith.opentelemetry.OpenTelemetryPlugin;
import org.jzenith.postgresql.PostgresqlPlugin;
import org.jzenith.rest.RestPlugin;

/** The TechEmpower test types on jZenith, as a user would write them. */
public final class BenchmarkApplication {

    private BenchmarkApplication() {}

    public static void main(final String... args) {
        JZenith.application(args)
                .withPlugins(
                        PostgresqlPlugin.create(),
                        RestPlugin.withResources(BenchmarkResource.class),
                        OpenTelemetryPlugin.forService("jzenith-bench"))
                // The TechEmpower schema is made by benchmarks/db/setup.sh, not by migrations.
                .withConfiguration("postgresql.migrate", false)
                // Tracing off unless asked for (--otel.sdk.disabled=false, as benchmarks/tracing.sh does):
                // the harness measures the service without it.
                .withConfiguration("otel.sdk.disabled", true)
                .run();
    }
}
