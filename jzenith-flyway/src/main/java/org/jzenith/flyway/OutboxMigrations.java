package org.jzenith.flyway;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * The migrations of jZenith's transactional outbox and idempotent inbox ({@code jzenith_outbox},
 * {@code jzenith_outbox_lease}, {@code jzenith_inbox}), kept once for every store plugin that offers
 * the outbox (the JDBC plugin, the reactive PostgreSQL plugin), so that all of them, the relay and
 * any tooling see one schema. One folder per database under {@value #LOCATION}, applied with a
 * history table of their own ({@value #HISTORY}), so that they never mix with the application's
 * versions; a schema that has tables already is taken as version 0 (baseline), so V1 still runs.
 *
 * <pre>{@code
 * OutboxMigrations.apply(Migrations.of("postgresql", target.describe(), target::mask), loader, "postgresql",
 *         flyway -> flyway.dataSource(url, user, password));
 * }</pre>
 *
 * <p>Blocking: call it off the event loop.
 */
public final class OutboxMigrations {

    /** Where the outbox's migrations are, one folder per database ({@link #vendor}). */
    public static final String LOCATION = "classpath:org/jzenith/flyway/outbox";

    /** The outbox migrations' history table, apart from the application's {@code flyway_schema_history}. */
    public static final String HISTORY = "jzenith_outbox_history";

    private OutboxMigrations() {}

    /**
     * Applies the outbox's migrations of {@code vendor} ({@code h2}, {@code postgresql} or {@code
     * mariadb}) to the database {@code dataSource} gives Flyway; failures are {@code migrations}'.
     */
    public static MigrateResult apply(
            final Migrations migrations,
            final ClassLoader loader,
            final String vendor,
            final Consumer<FluentConfiguration> dataSource) {
        return migrations.apply(loader, flyway -> {
            dataSource.accept(flyway);
            flyway.locations(LOCATION + "/" + vendor)
                    .table(HISTORY)
                    .baselineOnMigrate(true)
                    .baselineVersion("0");
        });
    }

    /** The folder of the outbox's migrations for the database {@code product} names; empty when there is none. */
    public static Optional<String> vendor(final String product) {
        final String lower = product.toLowerCase(Locale.ROOT);
        if (lower.startsWith("h2")) {
            return Optional.of("h2");
        }
        if (lower.startsWith("postgresql")) {
            return Optional.of("postgresql");
        }
        return lower.startsWith("mariadb") || lower.startsWith("mysql") ? Optional.of("mariadb") : Optional.empty();
    }

    /** What {@link #apply} did, for a plugin's start-up line. */
    public static String summary(final MigrateResult result, final String vendor) {
        return "outbox: " + result.migrationsExecuted + " migrations applied from " + LOCATION + "/" + vendor;
    }
}
