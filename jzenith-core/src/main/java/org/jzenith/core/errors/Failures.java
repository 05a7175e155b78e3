package org.jzenith.core.errors;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns a failure and its causes into one line of text, for start-up messages and health-check
 * reasons:
 *
 * <pre>{@code
 * Failures.describe(e)   // "cannot connect: Connection refused: /127.0.0.1:5432"
 * }</pre>
 */
public final class Failures {

    private static final int MAX_DEPTH = 8;

    private Failures() {}

    /**
     * The messages of {@code failure} and its causes, outermost first, joined by {@code ": "}; a
     * message that repeats one already shown is left out, and without any message the type's name
     * stands in.
     */
    public static String describe(final Throwable failure) {
        final List<String> messages = new ArrayList<>();
        int depth = 0;
        for (Throwable current = failure; current != null && depth < MAX_DEPTH; current = current.getCause()) {
            depth++;
            final String message = current.getMessage();
            if (message == null || message.isBlank()) {
                continue;
            }
            final String line = message.strip().replaceAll("\\s+", " ").replaceAll("\\.+$", "");
            if (!line.isEmpty() && messages.stream().noneMatch(shown -> shown.contains(line))) {
                messages.add(line);
            }
        }
        return messages.isEmpty() ? failure.getClass().getName() : String.join(": ", messages);
    }
}
