package org.jzenith.test.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PostgresqlProgramsTest {

    @Test
    void takesTheFirstFolderThatHoldsBothPrograms(@TempDir final Path root) throws IOException {
        final Path onlyInitdb = folderWith(root.resolve("a"), "initdb");
        final Path both = folderWith(root.resolve("b"), "initdb", "pg_ctl");

        assertThat(PostgresqlPrograms.firstWithPrograms(List.of(root.resolve("none"), onlyInitdb, both)))
                .contains(both);
        assertThat(PostgresqlPrograms.firstWithPrograms(List.of(onlyInitdb))).isEmpty();
    }

    @Test
    void ordersVersionsNumerically() {
        assertThat(PostgresqlPrograms.versionOrder("17")).isGreaterThan(PostgresqlPrograms.versionOrder("9.6"));
        assertThat(PostgresqlPrograms.versionOrder("15")).isGreaterThan(PostgresqlPrograms.versionOrder("9.6"));
        assertThat(PostgresqlPrograms.versionOrder("x")).isNegative();
    }

    @Test
    void saysWhatToInstallAndWhereItLooked() {
        assertThat(PostgresqlPrograms.missing(List.of(Path.of("/usr/lib/postgresql/15/bin"))))
                .hasMessageStartingWith("PostgreSQL's server programs [initdb, pg_ctl] were not found (looked in"
                        + " [/usr/lib/postgresql/15/bin] and the PATH)")
                .hasMessageContaining("apt-get install -y postgresql")
                .hasMessageContaining("-Djzenith.postgresql.bin=... or JZENITH_POSTGRESQL_BIN=...");
    }

    private static Path folderWith(final Path folder, final String... programs) throws IOException {
        Files.createDirectories(folder);
        for (final String program : programs) {
            Files.writeString(folder.resolve(program), "#!/bin/sh\n");
            Files.setPosixFilePermissions(folder.resolve(program), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return folder;
    }
}
