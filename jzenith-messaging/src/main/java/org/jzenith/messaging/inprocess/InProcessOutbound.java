package org.jzenith.messaging.inprocess;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.OutboundMessage;

/**
 * The sending side of an in-process channel, wherever it is taken from (the runtime's before start, the
 * connector's, the channel itself): hands every metadata object of the sender's {@code Message} on to
 * the consumers as it is, as SmallRye hands the {@code Message} itself downstream, while the payload
 * goes through its codec. No broker stands in between to read or drop any, so it reads them all, and
 * the layer's check of a broker's outgoing metadata lets them pass.
 *
 * <pre>{@code
 * OutboundMessage carried = outbound.withMetadata(OutboundMessage.of(bytes), message.getMetadata());
 * carried.metadata();   // the Message's metadata objects, the same instances
 * }</pre>
 */
interface InProcessOutbound extends Outbound {

    /**
     * {@code message} carrying every metadata object of {@code metadata}: the application's own, a
     * tracing context, a broker's incoming or outgoing metadata, for the consumer's {@code Message<T>}
     * ({@link InProcessInbound#metadata}); {@code message} itself when there is none.
     */
    @Override
    default OutboundMessage withMetadata(final OutboundMessage message, final Iterable<Object> metadata) {
        final Iterator<Object> each = metadata.iterator();
        if (!each.hasNext()) {
            return message;
        }
        final List<Object> carried = new ArrayList<>();
        each.forEachRemaining(carried::add);
        return message.withMetadata(carried);
    }

    /** True: every outgoing metadata travels on to the consumers as it is ({@link #withMetadata}). */
    @Override
    default boolean reads(final Object metadata) {
        return true;
    }
}
