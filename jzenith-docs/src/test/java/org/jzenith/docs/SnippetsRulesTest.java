package org.jzenith.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checker's rules on small files, so that a change to them cannot quietly let drift through. */
class SnippetsRulesTest {

    private static final String SOURCE = """
            package x;

            class Greeter {
                // tag::greet[]
                String greet(final String name) {
                    // tag::nested[]
                    return "Hello, " + name;
                    // end::nested[]
                }
                // end::greet[]

                // tag::bind[]
                int bind() { return 1; }
                // end::bind[]
            }
            """;

    @TempDir
    Path root;

    @Test
    void aMatchingBlockPasses() throws IOException {
        final Snippets.Result result = check("""
                <!-- snippet: src/Greeter.java#greet -->
                ```java
                String greet(final String name) {
                    return "Hello, " + name;
                }
                ```
                """);
        assertThat(result.problems()).isEmpty();
    }

    @Test
    void aBlockWithoutAMarkerFailsNamingFileAndLine() throws IOException {
        final Snippets.Result result = check("""
                # Title

                ```java
                int x = 1;
                ```
                ```sh
                echo not java
                ```
                """);
        assertThat(result.problems()).singleElement().asString().startsWith("doc.md:3: a ```java block without");
    }

    @Test
    void aMissingFileOrTagFails() throws IOException {
        final Snippets.Result result = check("""
                <!-- snippet: src/Nothing.java#greet -->
                ```java
                ```
                <!-- snippet: src/Greeter.java#nothing -->
                ```java
                ```
                """);
        assertThat(result.problems()).hasSize(2);
        assertThat(result.problems().get(0)).startsWith("doc.md:2: ").contains("there is no file src/Nothing.java");
        assertThat(result.problems().get(1)).startsWith("doc.md:5: ").contains("has no region // tag::nothing[]");
    }

    @Test
    void aBlockThatDriftedFailsShowingTheFirstDifference() throws IOException {
        final Snippets.Result result = check("""
                <!-- snippet: src/Greeter.java#greet -->
                ```java
                String greet(final String name) {
                    return "Hi, " + name;
                }
                ```
                """);
        assertThat(result.problems())
                .singleElement()
                .asString()
                .startsWith("doc.md:2: the ```java block differs from src/Greeter.java#greet: line 2")
                .contains("return \"Hi, \" + name;")
                .contains("return \"Hello, \" + name;");
    }

    @Test
    void theUpdateRewritesAnIndentedBlockFromSeveralRegions() throws IOException {
        Files.writeString(root.resolve("doc.md"), """
                - a list item:
                  <!-- snippet: src/Greeter.java#greet, src/Greeter.java#bind -->
                  ```java
                  old code
                  ```
                after
                """);
        final Snippets.Result result = Snippets.check(root, root.resolve("doc.md"), true);
        assertThat(result.problems()).isEmpty();
        assertThat(result.updated()).containsExactly("doc.md:3");
        assertThat(result.lines())
                .containsExactly(
                        "- a list item:",
                        "  <!-- snippet: src/Greeter.java#greet, src/Greeter.java#bind -->",
                        "  ```java",
                        "  String greet(final String name) {",
                        "      return \"Hello, \" + name;",
                        "  }",
                        "",
                        "  int bind() { return 1; }",
                        "  ```",
                        "after");
    }

    @Test
    void aMarkerAboveNoJavaBlockFails() throws IOException {
        final Snippets.Result result = check("""
                <!-- snippet: src/Greeter.java#greet -->
                Some text.
                """);
        assertThat(result.problems()).singleElement().asString().contains("is not directly above a ```java block");
    }

    @Test
    void regionsLoseTheirCommonIndentationAndOtherTagLines() {
        assertThat(Snippets.region(List.of(SOURCE.split("\n")), "greet"))
                .containsExactly("String greet(final String name) {", "    return \"Hello, \" + name;", "}");
        assertThat(Snippets.region(List.of(SOURCE.split("\n")), "nested"))
                .containsExactly("return \"Hello, \" + name;");
        assertThat(Snippets.region(List.of("// tag::open[]", "x"), "open")).isEmpty();
    }

    @Test
    void theReadmeAndEveryGuideUnderDocsAreChecked() throws IOException {
        // The README links to guides under docs/ (and their folders) whose snippets moved there from it.
        Files.createDirectories(root.resolve("docs/more"));
        Files.writeString(root.resolve("README.md"), "");
        Files.writeString(root.resolve("docs/rest.md"), "");
        Files.writeString(root.resolve("docs/more/deep.md"), "");
        Files.writeString(root.resolve("docs/notes.txt"), "");

        assertThat(Snippets.markdownFiles(root))
                .containsExactly(
                        root.resolve("README.md"), root.resolve("docs/more/deep.md"), root.resolve("docs/rest.md"));
    }

    private Snippets.Result check(final String markdown) throws IOException {
        Files.writeString(root.resolve("doc.md"), markdown);
        return Snippets.check(root, root.resolve("doc.md"), false);
    }

    @BeforeEach
    void writeSource() throws IOException {
        Files.createDirectories(root.resolve("src"));
        Files.writeString(root.resolve("src/Greeter.java"), SOURCE);
    }
}
