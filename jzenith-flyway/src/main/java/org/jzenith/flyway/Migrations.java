package org.jzenith.flyway;

import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.output.MigrateResult;
import org.jzenith.core.errors.Failures;

/**
 * Applies an application's Flyway migrations ({@code src/main/resources/db/migration/V1__...sql})
 * when a store plugin starts, and says what it did, the same way for every plugin:
 *
 * <pre>{@code
 * Migrations migrations = Migrations.of("jdbc", target.describe(), target::mask);
 * Optional<MigrateResult> result = Optional.of(migrations.apply(loader, flyway -> flyway.dataSource(pool)));
 * log.info("Connected to ...; {}", migrations.summary(result));
 * }</pre>
 *
 * <p>Blocking: call it off the event loop. Immutable and thread-safe.
 *
 * @param plugin the plugin's name and configuration prefix, such as {@code postgresql}
 * @param target how messages name the database (no password)
 * @param mask masks secrets in the messages of failures
 */
public record Migrations(String plugin, String target, UnaryOperator<String> mask) {

    /** Where Flyway looks for migrations. */
    public static final String LOCATION = "classpath:db/migration";

    /** The migrations of the plugin {@code plugin} to the database {@code target}. */
    public static Migrations of(final String plugin, final String target, final UnaryOperator<String> mask) {
        return new Migrations(plugin, target, mask);
    }

    /**
     * Applies the migrations in {@link #LOCATION}, found with {@code loader}, to the database that
     * {@code dataSource} gives Flyway.
     *
     * @throws IllegalStateException naming the target, the reason (secrets masked) and the fix
     */
    public MigrateResult apply(final ClassLoader loader, final Consumer<FluentConfiguration> dataSource) {
        try {
            final FluentConfiguration configuration = Flyway.configure(loader).locations(LOCATION);
            dataSource.accept(configuration);
            return configuration.load().migrate();
        } catch (final RuntimeException e) {
            throw new IllegalStateException(
                    "cannot apply the migrations in " + LOCATION + " to " + target + ": "
                            + mask.apply(Failures.describe(e)) + "; fix the failing migration, or set " + plugin
                            + ".migrate=false to start without migrating",
                    e);
        }
    }

    /**
     * What the migrations did, for the plugin's start-up line: {@code 2 migrations applied from
     * classpath:db/migration, schema version 2}, or that they are off.
     */
    public String summary(final Optional<MigrateResult> result) {
        return result.map(applied -> applied.migrationsExecuted + " migrations applied from " + LOCATION
                        + ", schema version "
                        + Optional.ofNullable(applied.targetSchemaVersion).orElse("unchanged"))
                .orElse("migrations off (" + plugin + ".migrate=false)");
    }
}
