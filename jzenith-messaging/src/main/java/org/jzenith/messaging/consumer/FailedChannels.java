package org.jzenith.messaging.consumer;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The channels that stopped because a record failed for good under {@code failure-strategy=fail}, or
 * because a stream processor's stream failed or completed, each with why; the health check reports them DOWN until the application is restarted. Thread-safe.
 */
public final class FailedChannels {

    private final Map<String, String> failed = new ConcurrentHashMap<>();

    /** Records that {@code channel} stopped, and {@code why}; the first reason of a channel is kept. */
    public void fail(final String channel, final String why) {
        failed.putIfAbsent(channel, " (failure-strategy=fail): " + why);
    }

    /**
     * Records that {@code channel} stopped because its stream processor's stream ended ({@code why}, which
     * names the method); the first reason of a channel is kept.
     */
    public void streamEnded(final String channel, final String why) {
        failed.putIfAbsent(channel, ": " + why);
    }

    /** Why channels stopped, one sentence each; empty while none has. */
    public Optional<String> describe() {
        if (failed.isEmpty()) {
            return Optional.empty();
        }
        final StringBuilder text = new StringBuilder();
        new TreeMap<>(failed).forEach((channel, why) -> text.append(text.isEmpty() ? "" : "; ")
                .append("channel '")
                .append(channel)
                .append("' stopped")
                .append(why));
        return Optional.of(text.toString());
    }
}
