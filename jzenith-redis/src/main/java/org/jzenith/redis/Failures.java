package org.jzenith.redis;

import java.util.ArrayList;
import java.util.List;

/** Turns a failure and its causes into one line of text for messages and health reasons. */
final class Failures {

    private static final int MAX_DEPTH = 8;

    private Failures() {}

    /**
     * The messages of {@code failure} and its causes, outermost first, joined by {@code ": "}; a
     * message that repeats one already shown is left out.
     */
    static String describe(final Throwable failure) {
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
