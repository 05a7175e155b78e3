package org.jzenith.docs;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every {@code ```java} block of README.md and docs/ must be a tagged region of this module's
 * compiled code, so that the docs cannot show an API that does not exist. Runs in {@code verify};
 * with {@code -Ddocs.update=true} it rewrites the blocks from the code instead (see
 * scripts/update-snippets.sh).
 */
class SnippetsTest {

    @Test
    void everyJavaBlockInTheDocsIsCompiledCode() throws IOException {
        final Path root = Path.of(System.getProperty("jzenith.root", ".."))
                .toAbsolutePath()
                .normalize();
        final boolean update = Boolean.parseBoolean(System.getProperty("docs.update", "false"));
        final List<String> problems = new ArrayList<>();
        for (final Path markdown : Snippets.markdownFiles(root)) {
            final Snippets.Result result = Snippets.check(root, markdown, update);
            problems.addAll(result.problems());
            if (!result.updated().isEmpty()) {
                // Files.write ends every line with a line separator, as the markdown files do.
                Files.write(markdown, result.lines(), StandardCharsets.UTF_8);
                result.updated().forEach(where -> System.out.println("updated the ```java block at " + where));
            }
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " Java snippet(s) in the docs do not match compiled code:\n  - "
                    + String.join("\n  - ", problems) + "\n\n" + Snippets.HOW_TO);
        }
    }
}
