package org.jzenith.rest.internal.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A Jakarta REST path template ({@code /users/{id}}, {@code /items/{id: [0-9]+}}) compiled for
 * Vert.x Web: a plain Vert.x path ({@code /users/:id}) where no variable has a regex, otherwise a
 * regex with named groups. Variables are renamed {@code p0, p1...} in Vert.x because Jakarta
 * names may hold characters that Vert.x does not allow in a parameter or group name.
 *
 * @param template the full template as written, normalised (used for metrics and UriInfo)
 * @param regex a regex with named groups matching the paths of this template
 * @param vertxPath the Vert.x path, when no variable has a regex
 * @param vertxRegex the Vert.x regex, when one does
 * @param variables the Jakarta variable names, in order; variable i is Vert.x parameter "p" + i
 * @param literalCharacters how many characters are not variables (for Jakarta REST's ordering)
 */
public record PathTemplate(
        String template,
        String regex,
        Optional<String> vertxPath,
        Optional<String> vertxRegex,
        List<String> variables,
        int literalCharacters,
        int regexVariables) {

    public PathTemplate {
        variables = List.copyOf(variables);
    }

    /** The Vert.x parameter name of the Jakarta variable {@code name}. */
    public Optional<String> vertxName(final String name) {
        final int index = variables.indexOf(name);
        return index < 0 ? Optional.empty() : Optional.of("p" + index);
    }

    /** A pattern matching the request paths this template matches (for 405 and OPTIONS). */
    public Pattern matcher() {
        return Pattern.compile(
                vertxRegex.orElseGet(() -> vertxPath.orElseThrow().replaceAll(":p\\d+", "[^/]+")));
    }

    /** Joins a class-level and a method-level {@code @Path} as Jakarta REST does. */
    public static String join(final String classPath, final String methodPath) {
        final String joined = "/" + trimSlashes(classPath) + "/" + trimSlashes(methodPath);
        final String collapsed = joined.replaceAll("/+", "/");
        return collapsed.length() > 1 && collapsed.endsWith("/")
                ? collapsed.substring(0, collapsed.length() - 1)
                : collapsed;
    }

    private static String trimSlashes(final String path) {
        return path.replaceAll("^/+|/+$", "");
    }

    /**
     * Compiles {@code template}.
     *
     * @throws IllegalArgumentException naming the template when it is malformed (start-up only)
     */
    public static PathTemplate parse(final String template) {
        final List<String> variables = new ArrayList<>();
        final StringBuilder path = new StringBuilder();
        final StringBuilder regex = new StringBuilder();
        int literal = 0;
        int regexVariables = 0;
        int i = 0;
        while (i < template.length()) {
            final char c = template.charAt(i);
            if (c == '{') {
                final int end = closingBrace(template, i);
                final String body = template.substring(i + 1, end);
                final int colon = body.indexOf(':');
                final String name = (colon < 0 ? body : body.substring(0, colon)).trim();
                final String variableRegex =
                        colon < 0 ? "[^/]+" : body.substring(colon + 1).trim();
                if (name.isEmpty() || variableRegex.isEmpty()) {
                    throw new IllegalArgumentException("The path template '" + template
                            + "' has an empty variable name or regex in {" + body + "}");
                }
                if (colon >= 0) {
                    regexVariables++;
                    Pattern.compile(variableRegex); // fails start-up with the regex's own message
                }
                final String vertxName = "p" + variables.size();
                variables.add(name);
                path.append(':').append(vertxName);
                regex.append("(?<")
                        .append(vertxName)
                        .append('>')
                        .append(variableRegex)
                        .append(')');
                i = end + 1;
            } else {
                path.append(c);
                regex.append(Pattern.quote(String.valueOf(c)));
                literal++;
                i++;
            }
        }
        final boolean needsRegex = regexVariables > 0 || hasVariableInsideSegment(template);
        return new PathTemplate(
                template,
                regex.toString(),
                needsRegex ? Optional.empty() : Optional.of(path.toString()),
                needsRegex ? Optional.of(regex.toString()) : Optional.empty(),
                variables,
                literal,
                regexVariables);
    }

    /** Vert.x path parameters must fill a whole segment; {@code /files/{name}.json} needs a regex. */
    private static boolean hasVariableInsideSegment(final String template) {
        return Pattern.compile("[^/]\\{|}[^/]").matcher(template).find();
    }

    private static int closingBrace(final String template, final int open) {
        int depth = 0;
        for (int i = open; i < template.length(); i++) {
            final char c = template.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        throw new IllegalArgumentException("The path template '" + template + "' has an unclosed '{'");
    }
}
