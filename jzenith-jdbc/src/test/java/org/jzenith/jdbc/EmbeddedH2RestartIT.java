package org.jzenith.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.JZenith;

/** The embedded database keeps its data across restarts, and says once where it lives. */
class EmbeddedH2RestartIT {

    @TempDir
    Path directory;

    @Test
    void dataSurvivesARestart() {
        final JZenith first = start();
        try {
            first.instance(Jdbi.class)
                    .useHandle(handle -> handle.execute("INSERT INTO items (id, name) VALUES (?, ?)", 42, "kept"));
        } finally {
            first.stop();
        }

        final JZenith second = start();
        try {
            final String kept = second.instance(Jdbi.class)
                    .withHandle(handle -> handle.createQuery("SELECT name FROM items WHERE id = 42")
                            .mapTo(String.class)
                            .one());
            assertThat(kept).isEqualTo("kept");
        } finally {
            second.stop();
        }
    }

    @Test
    void logsOneInfoLineSayingItIsTheEmbeddedDatabaseAndWhereItsDataLives() {
        final List<String> lines = capturingStandardError(() -> start().stop());

        final List<String> pluginLines = lines.stream()
                .filter(line -> line.contains("org.jzenith.jdbc."))
                .toList();
        assertThat(pluginLines).hasSize(1);
        assertThat(pluginLines.getFirst())
                .contains("INFO")
                .contains("embedded H2 database")
                .contains(directory.toAbsolutePath().toString())
                .contains("jdbc.url");
    }

    private JZenith start() {
        return JZenith.application()
                .withPlugins(JdbcPlugin.create())
                .withConfiguration("jdbc.embedded.directory", directory.toString())
                .start();
    }

    /** What slf4j-simple writes to System.err (it looks the stream up on every line) while {@code action} runs. */
    private static List<String> capturingStandardError(final Runnable action) {
        final PrintStream original = System.err;
        final ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(original);
        }
        final String text = captured.toString(StandardCharsets.UTF_8);
        original.print(text);
        return text.lines().toList();
    }
}
