package org.jzenith.test.services;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Needs the services of this machine kind; starts any that is not running. */
class LocalServicesIT {

    @Test
    void postgresqlRuns() {
        final LocalServices.Database postgres = LocalServices.postgresql();
        assertThat(postgres.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/test");
        assertThat(postgres.user()).isEqualTo("postgres");
        assertThat(LocalServices.accepts(postgres.host(), postgres.port())).isTrue();
    }

    @Test
    void mariadbRuns() {
        final LocalServices.Database mariadb = LocalServices.mariadb();
        assertThat(mariadb.jdbcUrl()).isEqualTo("jdbc:mariadb://127.0.0.1:3306/test");
        assertThat(mariadb.user()).isEqualTo("root");
        assertThat(LocalServices.accepts(mariadb.host(), mariadb.port())).isTrue();
    }

    @Test
    void redisRuns() {
        final LocalServices.Redis redis = LocalServices.redis();
        assertThat(redis.uri()).isEqualTo("redis://127.0.0.1:6379");
        assertThat(LocalServices.accepts(redis.host(), redis.port())).isTrue();
    }
}
