package org.jzenith.messaging.emitter;

import org.jzenith.messaging.spi.EmitterOverflow;

/**
 * A send refused, or dropped, because its channel's emitter already had as many sends waiting for the
 * broker's confirmation as its {@code @OnOverflow} allows ({@link EmitterOverflow}). An {@link
 * IllegalStateException}, as SmallRye's emitter throws when its buffer is full; the emitter takes sends
 * again once confirmations free room.
 *
 * <pre>{@code
 * try {
 *     prices.send(price);
 * } catch (EmitterOverflowException e) {
 *     return Response.status(503).build();   // the broker is behind: ask the client to come back
 * }
 * }</pre>
 */
public final class EmitterOverflowException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** A send of {@code channel} past {@code overflow}'s bound; {@code dropped} when it was dropped. */
    EmitterOverflowException(final String channel, final EmitterOverflow overflow, final boolean dropped) {
        super((dropped ? "dropped a message of channel '" : "refused a send to channel '") + channel + "': "
                + overflow.bound() + " sends are waiting for the broker's confirmation, as many as "
                + overflow.describe() + " allows");
    }
}
