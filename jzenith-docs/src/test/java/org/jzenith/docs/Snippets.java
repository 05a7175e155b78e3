package org.jzenith.docs;

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

/**
 * Finds the {@code ```java} blocks of the markdown, the snippet marker above each, and the tagged
 * regions the markers name; compares them or rewrites the blocks. Kept apart from the test so that
 * the rules (what a marker is, how a region is cut out) are in one place.
 */
final class Snippets {

    /** What a developer who meets any of the problems has to do; printed once under them. */
    static final String HOW_TO = """
            Every ```java block in README.md and docs/ is copied from code that compiles (module jzenith-docs), \
            so that it cannot drift from the API:
              1. Put the code in a class under jzenith-docs/src/main/java/org/jzenith/docs/ (a class that is already \
            there, or a new one), between two comment lines
                   // tag::NAME[]
                   // end::NAME[]
                 The region may leave out imports and boilerplate; its common indentation is removed.
              2. On the line above the ```java block write the marker
                   <!-- snippet: jzenith-docs/src/main/java/org/jzenith/docs/PACKAGE/File.java#NAME -->
                 (several regions for one block: PATH#NAME, PATH#OTHER; they are joined with a blank line).
              3. Copy the code into the block:  scripts/update-snippets.sh
                 (the same as ./mvnw -q test -pl jzenith-docs -am -Ddocs.update=true -Dtest=SnippetsTest \
            -Dsurefire.failIfNoSpecifiedTests=false)
            When a block differs from its region: if the code is right, run step 3; if the block is right, change \
            the code (it must still compile) and run step 3.""";

    private static final Pattern FENCE = Pattern.compile("^(\\s*)(`{3,}|~{3,})\\s*([^\\s`]*).*$");
    private static final Pattern MARKER = Pattern.compile("^\\s*<!--\\s*snippet:\\s*(.*?)\\s*-->\\s*$");
    private static final Pattern ANY_TAG = Pattern.compile("(tag|end)::[\\w.-]+\\[\\]");

    private Snippets() {}

    /** README.md and every markdown file under docs/, in a stable order so that messages are too. */
    static List<Path> markdownFiles(final Path root) {
        final List<Path> files = new ArrayList<>();
        files.add(root.resolve("README.md"));
        final Path docs = root.resolve("docs");
        if (Files.isDirectory(docs)) {
            try (Stream<Path> walk = Files.walk(docs)) {
                walk.filter(path -> path.toString().endsWith(".md")).sorted().forEach(files::add);
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    /** The outcome for one markdown file: its problems and, in update mode, its new text. */
    record Result(List<String> problems, List<String> updated, List<String> lines) {}

    /**
     * Checks one markdown file. With {@code update}, a block that differs from its regions is
     * replaced by them (reported in {@code updated}); the other problems stay problems, since no
     * code exists to fill the block from.
     */
    static Result check(final Path root, final Path markdown, final boolean update) {
        final String name = root.relativize(markdown).toString();
        final List<String> lines = read(markdown);
        final List<String> problems = new ArrayList<>();
        final List<String> updated = new ArrayList<>();
        final List<String> out = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            final String line = lines.get(i);
            out.add(line);
            final Matcher marker = MARKER.matcher(line);
            if (marker.matches() && !nextIsJavaFence(lines, i + 1)) {
                problems.add(name + ":" + (i + 1) + ": the snippet marker " + marker.group(1)
                        + " is not directly above a ```java block (keep the marker on the line above the block)");
            }
            final Matcher fence = FENCE.matcher(line);
            if (!fence.matches()) {
                i++;
                continue;
            }
            final int close = closingFence(lines, i, fence.group(2));
            final String indent = fence.group(1);
            final boolean java = fence.group(3).equalsIgnoreCase("java");
            if (!java) {
                out.addAll(lines.subList(i + 1, Math.min(close + 1, lines.size())));
                i = close + 1;
                continue;
            }
            final String where = name + ":" + (i + 1);
            final List<String> block = new ArrayList<>();
            for (final String content : lines.subList(i + 1, Math.min(close, lines.size()))) {
                block.add(unindent(content, indent.length()));
            }
            final List<String> expected = expected(root, lines, i, where, problems);
            if (expected.isEmpty() || expected.equals(block)) {
                block.forEach(content -> out.add(content.isEmpty() ? "" : indent + content));
            } else if (update) {
                updated.add(where);
                expected.forEach(content -> out.add(content.isEmpty() ? "" : indent + content));
            } else {
                problems.add(where + ": the ```java block differs from " + markerOf(lines, i) + ": "
                        + firstDifference(block, expected));
                block.forEach(content -> out.add(content.isEmpty() ? "" : indent + content));
            }
            if (close < lines.size()) {
                out.add(lines.get(close));
            } else {
                problems.add(where + ": the ```java block is never closed");
            }
            i = close + 1;
        }
        return new Result(problems, updated, out);
    }

    /** The code the block at {@code fence} should hold; empty after reporting why there is none. */
    private static List<String> expected(
            final Path root,
            final List<String> lines,
            final int fence,
            final String where,
            final List<String> problems) {
        final int above = previousNonBlank(lines, fence);
        final Matcher marker = MARKER.matcher(above < 0 ? "" : lines.get(above));
        if (!marker.matches()) {
            problems.add(where + ": a ```java block without a snippet marker on the line above it "
                    + "(add a tagged region and a marker, then run the update: steps 1-3 below)");
            return List.of();
        }
        final List<String> expected = new ArrayList<>();
        for (final String reference : marker.group(1).split(",")) {
            final String trimmed = reference.trim();
            final int hash = trimmed.lastIndexOf('#');
            if (hash <= 0 || hash == trimmed.length() - 1) {
                problems.add(
                        where + ": the snippet marker names \"" + trimmed
                                + "\", expected PATH#NAME, such as jzenith-docs/src/main/java/org/jzenith/docs/rest/Things.java#create");
                return List.of();
            }
            final String path = trimmed.substring(0, hash);
            final String tag = trimmed.substring(hash + 1);
            final Path source = root.resolve(path);
            if (!Files.isRegularFile(source)) {
                problems.add(where + ": snippet " + trimmed + ": there is no file " + path
                        + " (paths are relative to the repository root)");
                return List.of();
            }
            final List<String> region = region(read(source), tag);
            if (region.isEmpty()) {
                problems.add(where + ": snippet " + trimmed + ": " + path + " has no region // tag::" + tag
                        + "[] ... // end::" + tag + "[] (or it is empty or not closed)");
                return List.of();
            }
            if (!expected.isEmpty()) {
                expected.add("");
            }
            expected.addAll(region);
        }
        return expected;
    }

    /**
     * The lines between {@code tag::NAME[]} and {@code end::NAME[]}, as Asciidoctor cuts them:
     * several regions of one name are joined, lines marking other tags are left out; then the
     * common indentation and trailing blanks are removed. Empty when the region is missing or
     * not closed.
     */
    static List<String> region(final List<String> source, final String tag) {
        final String start = "tag::" + tag + "[]";
        final String end = "end::" + tag + "[]";
        final List<String> region = new ArrayList<>();
        boolean inside = false;
        for (final String line : source) {
            if (line.contains(start)) {
                inside = true;
            } else if (line.contains(end)) {
                if (!inside) {
                    return List.of();
                }
                inside = false;
            } else if (inside && !ANY_TAG.matcher(line).find()) {
                region.add(line.stripTrailing());
            }
        }
        if (inside) {
            return List.of();
        }
        final int common = region.stream()
                .filter(line -> !line.isBlank())
                .mapToInt(line -> line.length() - line.stripLeading().length())
                .min()
                .orElse(0);
        final List<String> normalised = new ArrayList<>();
        region.forEach(line -> normalised.add(line.isBlank() ? "" : line.substring(common)));
        while (!normalised.isEmpty() && normalised.getFirst().isEmpty()) {
            normalised.removeFirst();
        }
        while (!normalised.isEmpty() && normalised.getLast().isEmpty()) {
            normalised.removeLast();
        }
        return normalised;
    }

    private static String firstDifference(final List<String> block, final List<String> expected) {
        for (int line = 0; line < Math.max(block.size(), expected.size()); line++) {
            final String has = line < block.size() ? block.get(line) : "(nothing: the block ends)";
            final String wants = line < expected.size() ? expected.get(line) : "(nothing: the region ends)";
            if (!has.equals(wants)) {
                return "line " + (line + 1) + " of the block is\n        " + has + "\n    where the code has\n        "
                        + wants + "\n    (if the code is right, run the update: step 3 below)";
            }
        }
        return "they differ";
    }

    private static String markerOf(final List<String> lines, final int fence) {
        final int above = previousNonBlank(lines, fence);
        final Matcher marker = MARKER.matcher(above < 0 ? "" : lines.get(above));
        return marker.matches() ? marker.group(1) : "its marker";
    }

    private static boolean nextIsJavaFence(final List<String> lines, final int from) {
        for (int i = from; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                final Matcher fence = FENCE.matcher(lines.get(i));
                return fence.matches() && fence.group(3).equalsIgnoreCase("java");
            }
        }
        return false;
    }

    private static int previousNonBlank(final List<String> lines, final int before) {
        for (int i = before - 1; i >= 0; i--) {
            if (!lines.get(i).isBlank()) {
                return i;
            }
        }
        return -1;
    }

    /** The line of the fence that closes the one at {@code open}, or the end of the file. */
    private static int closingFence(final List<String> lines, final int open, final String opening) {
        for (int i = open + 1; i < lines.size(); i++) {
            final String stripped = lines.get(i).strip();
            if (stripped.startsWith(opening) && stripped.chars().allMatch(c -> c == opening.charAt(0))) {
                return i;
            }
        }
        return lines.size();
    }

    /** Removes the fence's indentation (a block in a list item), never more than the line's own. */
    private static String unindent(final String line, final int indent) {
        int strip = 0;
        while (strip < indent && strip < line.length() && line.charAt(strip) == ' ') {
            strip++;
        }
        return line.substring(strip).stripTrailing();
    }

    static List<String> read(final Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
