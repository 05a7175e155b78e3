package org.jzenith.messaging.inprocess;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.jzenith.messaging.consumer.FailedChannels;
import org.jzenith.messaging.spi.MessageTracing;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.OutboundMessage;

/**
 * What an in-process channel's sending side makes of a {@code Message}'s metadata, wherever an emitter
 * or a processor takes it from (the runtime's, the connector's, the channel itself): every object
 * travels as it is (the same instance, of any class) to the consumer's message, a message without
 * metadata is handed on untouched, and every outgoing metadata is read, so that the layer's check of a
 * broker's metadata lets it pass.
 */
class InProcessMetadataTest {

    /** The application's own metadata. */
    record Priority(int level) {}

    /** More of it. */
    record Origin(String service) {}

    private static final OutboundMessage MESSAGE = OutboundMessage.of("order".getBytes(StandardCharsets.UTF_8));

    static Stream<Outbound> outbounds() {
        return Stream.of(
                new InProcessChannel("orders", 1, Duration.ofMillis(1), new InFlight(), () -> "not started"),
                new InProcessConnector(
                                Map.of(),
                                new InProcessMetrics(new SimpleMeterRegistry()),
                                new FailedChannels(),
                                MessageTracing.NONE)
                        .outbound("orders"),
                new InProcessRuntime().outbound("orders"));
    }

    @ParameterizedTest
    @MethodSource("outbounds")
    void aMessageWithoutMetadataIsHandedOnAsItIs(final Outbound outbound) {
        assertThat(outbound.withMetadata(MESSAGE, Metadata.empty())).isSameAs(MESSAGE);
        assertThat(MESSAGE.metadata()).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("outbounds")
    void everyMetadataObjectTravelsAsItIsToTheConsumersMessage(final Outbound outbound) {
        final Priority priority = new Priority(1);
        final Origin origin = new Origin("shop");

        final OutboundMessage carried = outbound.withMetadata(MESSAGE, Metadata.of(priority, origin));
        final InProcessInbound received = new InProcessInbound(
                "orders", 1, carried.withKey(Optional.of("42")), io.opentelemetry.context.Context.root());

        assertThat(received.metadata())
                .hasSize(2)
                .anyMatch(each -> each == priority)
                .anyMatch(each -> each == origin);
        assertThat(received.payload()).isEqualTo(MESSAGE.payload());
    }

    @ParameterizedTest
    @MethodSource("outbounds")
    void everyOutgoingMetadataIsRead(final Outbound outbound) {
        assertThat(outbound.reads(new Priority(1))).isTrue();
        assertThat(outbound.reads(new Origin("shop"))).isTrue();
    }
}
