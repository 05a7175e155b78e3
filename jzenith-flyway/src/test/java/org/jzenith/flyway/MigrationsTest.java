package org.jzenith.flyway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Optional;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MigrationsTest {

    @TempDir
    Path folder;

    private final Migrations migrations =
            Migrations.of("jdbc", "the test database", text -> text.replace("s3cret", "****"));

    @Test
    void appliesTheMigrationsOnTheClasspathAndSaysWhatItDid() {
        final String url = "jdbc:h2:file:" + folder.resolve("db");

        final MigrateResult first =
                migrations.apply(getClass().getClassLoader(), flyway -> flyway.dataSource(url, "sa", ""));
        final MigrateResult second =
                migrations.apply(getClass().getClassLoader(), flyway -> flyway.dataSource(url, "sa", ""));

        assertThat(migrations.summary(Optional.of(first)))
                .isEqualTo("1 migrations applied from classpath:db/migration, schema version 1");
        assertThat(migrations.summary(Optional.of(second)))
                .isEqualTo("0 migrations applied from classpath:db/migration, schema version unchanged");
        assertThat(migrations.summary(Optional.empty())).isEqualTo("migrations off (jdbc.migrate=false)");
    }

    @Test
    void aFailureNamesTheTargetAndTheFixWithSecretsMasked() {
        assertThatThrownBy(() -> migrations.apply(
                        getClass().getClassLoader(),
                        flyway -> flyway.dataSource("jdbc:h2:tcp://127.0.0.1:1/nowhere", "sa", "s3cret")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("cannot apply the migrations in classpath:db/migration to the test database: ")
                .hasMessageEndingWith(
                        "; fix the failing migration, or set jdbc.migrate=false to start without migrating")
                .hasMessageNotContaining("s3cret");
    }
}
