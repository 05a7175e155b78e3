package org.jzenith.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.JZenith;

/** The embedded H2 database: what a service gets without jdbc.url. */
class EmbeddedH2IT extends JdbcPluginContract {

    @TempDir
    static Path directory;

    @Override
    JZenith configure(final JZenith app) {
        return app.withConfiguration("jdbc.embedded.directory", directory.toString());
    }

    @Override
    String product() {
        return "H2";
    }

    @Test
    void keepsItsFilesInTheConfiguredFolder() throws IOException {
        try (var files = Files.list(directory)) {
            assertThat(files.map(file -> file.getFileName().toString())).contains("jzenith.mv.db");
        }
    }

    @Test
    void runsInPostgresqlCompatibilityMode() {
        final String mode = jdbi().withHandle(handle -> handle.createQuery(
                        "SELECT setting_value FROM information_schema.settings WHERE setting_name = 'MODE'")
                .mapTo(String.class)
                .one());
        assertThat(mode).isEqualToIgnoringCase("PostgreSQL");
    }
}
