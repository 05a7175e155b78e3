package org.jzenith.rest.internal.sse;

import io.vertx.core.buffer.Buffer;
import jakarta.ws.rs.sse.OutboundSseEvent;
import java.nio.charset.StandardCharsets;
import org.jzenith.rest.internal.json.JsonCodec;

/**
 * Writes events in the {@code text/event-stream} format: a comment line, then {@code event:},
 * {@code id:}, {@code retry:} and one {@code data:} line per line of the data, and a blank line.
 * Data is JSON when its media type is JSON, else its text. Thread-safe.
 */
final class EventWriter {

    private final JsonCodec json;

    EventWriter(final JsonCodec json) {
        this.json = json;
    }

    Buffer write(final OutboundSseEvent event) {
        final StringBuilder text = new StringBuilder();
        if (event.getComment() != null) {
            for (final String line : event.getComment().split("\r\n|\r|\n", -1)) {
                text.append(": ").append(line).append('\n');
            }
        }
        if (event.getName() != null) {
            text.append("event: ").append(singleLine(event.getName())).append('\n');
        }
        if (event.getId() != null) {
            text.append("id: ").append(singleLine(event.getId())).append('\n');
        }
        if (event.isReconnectDelaySet()) {
            text.append("retry: ").append(event.getReconnectDelay()).append('\n');
        }
        if (event.getData() != null) {
            for (final String line : data(event).split("\r\n|\r|\n", -1)) {
                text.append("data: ").append(line).append('\n');
            }
        }
        return Buffer.buffer(text.append('\n').toString().getBytes(StandardCharsets.UTF_8));
    }

    private String data(final OutboundSseEvent event) {
        final Object data = event.getData();
        final boolean asJson = event.getMediaType() != null
                && (event.getMediaType().getSubtype().equals("json")
                        || event.getMediaType().getSubtype().endsWith("+json"));
        if (!asJson) {
            return data.toString();
        }
        try {
            return json.mapper().writeValueAsString(data);
        } catch (final com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "The event's data cannot be written as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** A field that must stay on its line: a line break would end the field and start another. */
    private static String singleLine(final String value) {
        return value.replaceAll("[\r\n]", " ");
    }
}
