package org.jzenith.cassandra;

import java.util.ArrayList;
import java.util.List;

/**
 * The statements of a CQL file, as {@code cqlsh} reads them: separated by {@code ;}, with {@code --}
 * and {@code //} line comments and {@code /* ... *}{@code /} block comments left out, and a {@code ;}
 * inside a {@code '...'} string, a {@code "..."} name or a {@code $$...$$} body kept.
 */
final class CqlScript {

    private CqlScript() {}

    /** The statements of {@code text}, each without its {@code ;} and surrounding space; none empty. */
    static List<String> statements(final String text) {
        final List<String> statements = new ArrayList<>();
        final StringBuilder current = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            final char c = text.charAt(i);
            if (startsWith(text, i, "--") || startsWith(text, i, "//")) {
                final int end = text.indexOf('\n', i);
                i = end < 0 ? text.length() : end;
            } else if (startsWith(text, i, "/*")) {
                final int end = text.indexOf("*/", i + 2);
                i = end < 0 ? text.length() : end + 2;
                current.append(' ');
            } else if (c == '\'' || c == '"') {
                i = quoted(text, i, c, current);
            } else if (startsWith(text, i, "$$")) {
                final int end = text.indexOf("$$", i + 2);
                final int stop = end < 0 ? text.length() : end + 2;
                current.append(text, i, stop);
                i = stop;
            } else if (c == ';') {
                add(statements, current);
                i++;
            } else {
                current.append(c);
                i++;
            }
        }
        add(statements, current);
        return List.copyOf(statements);
    }

    /** Copies the quoted part starting at {@code start} (a doubled quote stays inside); where it ends. */
    private static int quoted(final String text, final int start, final char quote, final StringBuilder into) {
        int i = start + 1;
        into.append(quote);
        while (i < text.length()) {
            final char c = text.charAt(i);
            into.append(c);
            i++;
            if (c == quote) {
                if (i < text.length() && text.charAt(i) == quote) {
                    into.append(quote);
                    i++;
                } else {
                    return i;
                }
            }
        }
        return i;
    }

    private static boolean startsWith(final String text, final int at, final String prefix) {
        return text.startsWith(prefix, at);
    }

    private static void add(final List<String> statements, final StringBuilder current) {
        final String statement = current.toString().strip();
        if (!statement.isEmpty()) {
            statements.add(statement);
        }
        current.setLength(0);
    }
}
