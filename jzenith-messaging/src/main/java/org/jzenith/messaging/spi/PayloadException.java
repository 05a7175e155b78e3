package org.jzenith.messaging.spi;

import java.io.Serial;

/**
 * A message that cannot be read as the method takes it, or whose payload is not valid: tried again it
 * would fail again, so it has failed for good at once (by default it goes to the dead letters). Its
 * text never quotes the payload.
 *
 * <pre>{@code
 * throw new PayloadException("the message's payload is not a JSON Order");
 * }</pre>
 */
public final class PayloadException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    /** A payload problem described by {@code message}. */
    public PayloadException(final String message) {
        super(message);
    }
}
