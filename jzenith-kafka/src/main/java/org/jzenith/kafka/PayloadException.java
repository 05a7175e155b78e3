package org.jzenith.kafka;

import java.io.Serial;

/**
 * A record that cannot be read as the method takes it, or whose payload is not valid: tried again it
 * would fail again, so it goes to the dead-letter topic at once. Its message never quotes the payload.
 */
public final class PayloadException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    /** A payload problem described by {@code message}. */
    public PayloadException(final String message) {
        super(message);
    }
}
