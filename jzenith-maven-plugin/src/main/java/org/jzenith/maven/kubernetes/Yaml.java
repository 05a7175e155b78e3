package org.jzenith.maven.kubernetes;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes maps, lists, strings, numbers and booleans as block-style YAML, the form people read in
 * Kubernetes manifests. A string is written plain only where no YAML reader could take it for
 * anything else (a number, a boolean, null, a comment); every other string is double-quoted with
 * JSON's escapes, which YAML reads the same way. No dependency: the plugin's classpath stays small.
 */
final class Yaml {

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_/][A-Za-z0-9_./-]*");
    // YAML 1.1 readers (SnakeYAML, kubectl's go-yaml in places) take these for booleans or null.
    private static final Set<String> RESERVED = Set.of("y", "n", "yes", "no", "true", "false", "on", "off", "null");

    private Yaml() {}

    /** {@code documents} as one YAML stream, each document after a {@code ---} line. */
    static String documents(final List<Map<String, Object>> documents) {
        final StringBuilder out = new StringBuilder();
        for (final Map<String, Object> document : documents) {
            out.append("---\n");
            writeMap(out, document, 0);
        }
        return out.toString();
    }

    private static void writeMap(final StringBuilder out, final Map<?, ?> map, final int indent) {
        for (final Map.Entry<?, ?> entry : map.entrySet()) {
            out.repeat(' ', indent)
                    .append(scalar(String.valueOf(entry.getKey())))
                    .append(':');
            writeValue(out, entry.getValue(), indent);
        }
    }

    /** Writes {@code value} after a key or a list dash that is already on the line. */
    private static void writeValue(final StringBuilder out, final Object value, final int indent) {
        switch (value) {
            case Map<?, ?> map when map.isEmpty() -> out.append(" {}\n");
            case Map<?, ?> map -> {
                out.append('\n');
                writeMap(out, map, indent + 2);
            }
            case List<?> list when list.isEmpty() -> out.append(" []\n");
            case List<?> list -> {
                out.append('\n');
                writeList(out, list, indent + 2);
            }
            default -> out.append(' ').append(scalar(value)).append('\n');
        }
    }

    private static void writeList(final StringBuilder out, final List<?> list, final int indent) {
        for (final Object item : list) {
            out.repeat(' ', indent).append('-');
            if (item instanceof Map<?, ?> map && !map.isEmpty()) {
                // The first key goes on the dash's line, the others under it.
                boolean first = true;
                for (final Map.Entry<?, ?> entry : map.entrySet()) {
                    if (!first) {
                        out.repeat(' ', indent + 2);
                    } else {
                        out.append(' ');
                    }
                    first = false;
                    out.append(scalar(String.valueOf(entry.getKey()))).append(':');
                    writeValue(out, entry.getValue(), indent + 2);
                }
            } else {
                writeValue(out, item, indent);
            }
        }
    }

    private static String scalar(final Object value) {
        return switch (value) {
            case Boolean b -> b.toString();
            case Integer i -> i.toString();
            case Long l -> l.toString();
            default -> string(String.valueOf(value));
        };
    }

    private static String string(final String value) {
        if (PLAIN.matcher(value).matches() && !RESERVED.contains(value.toLowerCase(Locale.ROOT))) {
            return value;
        }
        final StringBuilder quoted = new StringBuilder("\"");
        for (int i = 0; i < value.length(); i++) {
            final char c = value.charAt(i);
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\t' -> quoted.append("\\t");
                case '\r' -> quoted.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        quoted.append(String.format("\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }
}
