package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.test.Configurations;

/** When the embedded PostgreSQL of the dev services applies, and where the clients connect otherwise. */
class PostgresqlDevServiceTest {

    private static Optional<PostgresqlDevService> devService(
            final Map<String, String> core, final Map<String, String> postgresql) {
        return PostgresqlDevService.of(
                Configurations.read(CoreConfiguration.class, core),
                Configurations.read(PostgresqlConfiguration.class, postgresql));
    }

    private static Map<String, String> profile(final String profile) {
        final Map<String, String> core = new HashMap<>();
        core.put("jzenith.profile", profile);
        return core;
    }

    @Test
    void appliesInDevAndTestWithoutAHostOrUrl() {
        assertThat(devService(profile("dev"), Map.of())).hasValueSatisfying(dev -> {
            assertThat(dev.port()).isPositive().isNotEqualTo(5432);
            assertThat(dev.services().keepsData()).isTrue();
        });
        assertThat(devService(profile("test"), Map.of()))
                .hasValueSatisfying(
                        dev -> assertThat(dev.services().keepsData()).isFalse());
        assertThat(devService(profile("dev"), Map.of("postgresql.port", "6543")))
                .as("a port alone names no server")
                .isPresent();
    }

    @Test
    void neverAppliesInProdNorWithoutAProfileWhereTheDefaultHostStays() {
        assertThat(devService(profile("prod"), Map.of())).isEmpty();
        assertThat(devService(Map.of(), Map.of())).isEmpty();
        assertThat(PostgresqlTarget.of(Configurations.read(PostgresqlConfiguration.class, Map.of()))
                        .address())
                .isEqualTo("postgres@127.0.0.1:5432/postgres");
    }

    @Test
    void aHostAUrlOrTheSwitchTurnItOff() {
        assertThat(devService(profile("dev"), Map.of("postgresql.host", "db"))).isEmpty();
        assertThat(devService(profile("dev"), Map.of("postgresql.url", "postgresql://db/users")))
                .isEmpty();
        final Map<String, String> off = profile("test");
        off.put("jzenith.dev-services.enabled", "false");
        assertThat(devService(off, Map.of())).isEmpty();
    }

    @Test
    void theEmbeddedTargetIsTheSuperuserOnTheLoopbackWithTheConfiguredDatabase() {
        final PostgresqlTarget target = PostgresqlTarget.embedded(
                40123, Configurations.read(PostgresqlConfiguration.class, Map.of("postgresql.database", "users")));
        assertThat(target.address()).isEqualTo("postgres@127.0.0.1:40123/users");
        assertThat(target.jdbcUrl()).startsWith("jdbc:postgresql://127.0.0.1:40123/users");
    }
}
