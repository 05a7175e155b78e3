package org.jzenith.messaging.consumer;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;

/**
 * The {@code Message<T>} an {@code @Incoming} method that takes one gets: the payload read and validated
 * as for a payload parameter, the connector's incoming metadata (Kafka: SmallRye's {@code
 * IncomingKafkaRecordMetadata}), and {@code ack()}/{@code nack(Throwable)} that settle the message with
 * its connector ({@link Settlement}). {@code withPayload} and the other {@code with...} methods keep the
 * ack and nack, so a processor's {@code message.withPayload(result)} acknowledges the incoming message
 * once the broker has the result. Immutable; ack and nack may be called from any thread.
 *
 * @param <T> the payload type
 */
final class IncomingMessage<T> implements Message<T> {

    private final T payload;
    private final Metadata metadata;
    private final Settlement settlement;

    IncomingMessage(final T payload, final Metadata metadata, final Settlement settlement) {
        this.payload = payload;
        this.metadata = metadata;
        this.settlement = settlement;
    }

    @Override
    public T getPayload() {
        return payload;
    }

    @Override
    public Metadata getMetadata() {
        return metadata;
    }

    @Override
    public <M> Optional<M> getMetadata(final Class<? extends M> type) {
        return metadata.get(type).map(found -> found);
    }

    @Override
    public Supplier<CompletionStage<Void>> getAck() {
        return settlement::ack;
    }

    @Override
    public Function<Metadata, CompletionStage<Void>> getAckWithMetadata() {
        return ignored -> settlement.ack();
    }

    @Override
    public Function<Throwable, CompletionStage<Void>> getNack() {
        return settlement::nack;
    }

    @Override
    public BiFunction<Throwable, Metadata, CompletionStage<Void>> getNackWithMetadata() {
        return (reason, ignored) -> settlement.nack(reason);
    }

    @Override
    public CompletionStage<Void> ack() {
        return settlement.ack();
    }

    @Override
    public CompletionStage<Void> ack(final Metadata ignored) {
        return settlement.ack();
    }

    @Override
    public CompletionStage<Void> nack(final Throwable reason) {
        return settlement.nack(reason);
    }

    @Override
    public CompletionStage<Void> nack(final Throwable reason, final Metadata ignored) {
        return settlement.nack(reason);
    }
}
