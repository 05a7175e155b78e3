package org.jzenith.docs.messaging;

import org.jzenith.messaging.spi.DonePositions;

/** How a connector tracks what is done, as docs/messaging.md shows it in its connector SPI section. */
public final class ConnectorPositions {

    private ConnectorPositions() {}

    /** The watermark after three positions were opened and the first two done out of order. */
    public static long watermark() {
        // tag::watermark[]
        DonePositions positions = new DonePositions(); // under the connector's own lock
        positions.open(7);
        positions.open(8);
        positions.open(9);
        positions.done(8); // false: 7 is still open
        positions.done(7); // true: the watermark moved
        long watermark = positions.watermark(); // 8: Kafka commits offset 9; RabbitMQ may ack up to tag 8
        // end::watermark[]
        return watermark;
    }
}
