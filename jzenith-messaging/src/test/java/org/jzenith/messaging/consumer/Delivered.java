package org.jzenith.messaging.consumer;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.jzenith.messaging.spi.InboundMessage;

/** A message as a connector hands it over, with one metadata object of the connector's: itself. */
record Delivered(long offset) implements InboundMessage {
    @Override
    public String source() {
        return "prices";
    }

    @Override
    public String position() {
        return "prices-0@" + offset;
    }

    @Override
    public byte[] payload() {
        return ("p-" + offset).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Optional<byte[]> header(final String name) {
        return Optional.empty();
    }

    @Override
    public long weight() {
        return 4;
    }

    @Override
    public String positionalId() {
        return position();
    }

    @Override
    public Object unwrap() {
        return this;
    }

    @Override
    public List<Object> metadata() {
        return List.of(this);
    }
}
