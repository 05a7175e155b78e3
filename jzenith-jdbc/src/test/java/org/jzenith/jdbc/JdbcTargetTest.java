package org.jzenith.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jzenith.test.Configurations;

class JdbcTargetTest {

    @Test
    void withoutAUrlItIsTheEmbeddedH2InPostgresqlModeUnderTheWorkingDirectory() {
        final JdbcTarget target = JdbcTarget.of(Configurations.read(JdbcConfiguration.class, Map.of()));

        final Path data = Path.of("data").toAbsolutePath().normalize();
        assertThat(target.embedded()).isTrue();
        assertThat(target.embeddedDirectory()).contains(data);
        assertThat(target.url())
                .startsWith("jdbc:h2:file:" + data.resolve("jzenith"))
                .contains(";MODE=PostgreSQL")
                .contains(";DATABASE_TO_LOWER=TRUE")
                .contains(";DB_CLOSE_ON_EXIT=FALSE")
                .contains(";CACHE_SIZE=");
        assertThat(target.username()).contains("sa");
        assertThat(target.describe()).isEqualTo("the embedded H2 database in jdbc.embedded.directory=" + data);
    }

    @Test
    void aUrlNoDriverTakesIsTheOneProblemAndTheEmbeddedDatabaseHasNone() {
        assertThat(JdbcTarget.problems(Configurations.read(JdbcConfiguration.class, Map.of())))
                .isEmpty();
        assertThat(JdbcTarget.problems(Configurations.read(
                        JdbcConfiguration.class, Map.of("jdbc.url", "jdbc:nosuchdb://db:1/app?password=hunter2"))))
                .singleElement()
                .satisfies(problem -> {
                    assertThat(problem.key()).isEqualTo("jdbc.url");
                    assertThat(problem.expected())
                            .startsWith("a URL that a JDBC driver on the classpath accepts")
                            .doesNotContain("hunter2");
                });
    }

    @Test
    void theEmbeddedCacheIsASixteenthOfTheHeapBetweenOneAndSixteenMebibytes() {
        final long mib = 1024 * 1024;
        assertThat(JdbcTarget.embeddedCacheKib(32 * mib)).isEqualTo(2048);
        assertThat(JdbcTarget.embeddedCacheKib(8 * mib)).isEqualTo(1024);
        assertThat(JdbcTarget.embeddedCacheKib(4096 * mib)).isEqualTo(16 * 1024);
    }

    @Test
    void theEmbeddedDatabaseGetsASmallerPoolUnlessOneIsConfigured() {
        final JdbcConfiguration defaults = Configurations.read(JdbcConfiguration.class, Map.of());
        final JdbcConfiguration server =
                Configurations.read(JdbcConfiguration.class, Map.of("jdbc.url", "jdbc:postgresql://db/app"));
        final JdbcConfiguration configured =
                Configurations.read(JdbcConfiguration.class, Map.of("jdbc.pool.size", "7"));

        assertThat(JdbcPlugin.poolSize(defaults, JdbcTarget.of(defaults))).isEqualTo(4);
        assertThat(JdbcPlugin.poolSize(server, JdbcTarget.of(server))).isEqualTo(10);
        assertThat(JdbcPlugin.poolSize(configured, JdbcTarget.of(configured))).isEqualTo(7);
    }

    @Test
    void aConfiguredUrlIsUsedAsItIs() {
        final JdbcTarget target = JdbcTarget.of(Configurations.read(
                JdbcConfiguration.class,
                Map.of("jdbc.url", "jdbc:postgresql://db:5432/app", "jdbc.username", "app", "jdbc.password", "pw")));

        assertThat(target.embedded()).isFalse();
        assertThat(target.url()).isEqualTo("jdbc:postgresql://db:5432/app");
        assertThat(target.username()).contains("app");
        assertThat(target.password()).contains("pw");
        assertThat(target.describe()).isEqualTo("jdbc.url=jdbc:postgresql://db:5432/app");
    }

    @Test
    void anEmptyPasswordIsNoPassword() {
        assertThat(JdbcTarget.of(Configurations.read(
                                JdbcConfiguration.class, Map.of("jdbc.url", "jdbc:h2:mem:x", "jdbc.password", "")))
                        .password())
                .isEmpty();
    }

    @Test
    void masksPasswordsInTheUrlAndInMessages() {
        final JdbcTarget target = JdbcTarget.of(Configurations.read(
                JdbcConfiguration.class,
                Map.of(
                        "jdbc.url", "jdbc:mysql://app:in-url-pw@db/app?password=param-pw&ssl=true",
                        "jdbc.password", "configured-pw")));

        assertThat(target.describe()).isEqualTo("jdbc.url=jdbc:mysql://app:****@db/app?password=****&ssl=true");
        assertThat(target.mask("failed for " + target.url() + " with configured-pw, param-pw and in-url-pw"))
                .doesNotContain("configured-pw")
                .doesNotContain("param-pw")
                .doesNotContain("in-url-pw")
                .contains("failed for jdbc:mysql://app:****@db/app");
        assertThat(target.toString()).doesNotContain("configured-pw").doesNotContain("in-url-pw");
    }
}
