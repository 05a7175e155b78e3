package org.jzenith.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A module's {@code internal} packages are its own: another module (a plugin, the test kit, an
 * example) uses its public API or its published {@code spi} packages, so that core can change its
 * insides without breaking every plugin. Checked on the main sources of every module.
 */
class ModuleBoundariesTest {

    private static final Pattern INTERNAL_IMPORT =
            Pattern.compile("^import (?:static )?org\\.jzenith\\.([a-z]+)\\.internal\\b", Pattern.MULTILINE);

    @Test
    void noModuleImportsAnotherModulesInternalPackages() throws IOException {
        final Path root = Path.of(System.getProperty("jzenith.root", ".."))
                .toAbsolutePath()
                .normalize();
        final List<String> crossings = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(ModuleBoundariesTest::isMainSource).forEach(file -> {
                final String owner = ownerPackage(root.relativize(file));
                final Matcher matcher = INTERNAL_IMPORT.matcher(read(file));
                while (matcher.find()) {
                    if (!matcher.group(1).equals(owner)) {
                        crossings.add(root.relativize(file) + " imports org.jzenith." + matcher.group(1) + ".internal");
                    }
                }
            });
        }
        assertThat(crossings)
                .as(
                        "main sources that import another module's internal package (publish what they need in an spi package)")
                .isEmpty();
    }

    @Test
    void theCheckSeesACrossing() {
        final Matcher matcher =
                INTERNAL_IMPORT.matcher("package x;\n\nimport org.jzenith.core.internal.tracing.Tracing;\n");
        assertThat(matcher.find()).isTrue();
        assertThat(matcher.group(1)).isEqualTo("core");
        assertThat(ownerPackage(Path.of("jzenith-rest/src/main/java/org/jzenith/rest/X.java")))
                .isEqualTo("rest");
        assertThat(ownerPackage(Path.of("examples/hello/src/main/java/org/jzenith/examples/hello/X.java")))
                .isEqualTo("examples");
    }

    private static boolean isMainSource(final Path file) {
        final String path = file.toString().replace('\\', '/');
        return path.endsWith(".java")
                && path.contains("/src/main/java/")
                && !path.contains("/target/")
                && !path.contains("/benchmarks/")
                && !path.contains("/archetype-resources/");
    }

    /** The package a module's own code lives in: {@code jzenith-rest} owns {@code org.jzenith.rest}. */
    private static String ownerPackage(final Path relative) {
        final String module = relative.getName(0).toString();
        final String name = module.startsWith("jzenith-") ? module.substring("jzenith-".length()) : module;
        return name.split("-")[0];
    }

    private static String read(final Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
