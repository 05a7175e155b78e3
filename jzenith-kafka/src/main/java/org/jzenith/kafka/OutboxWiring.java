package org.jzenith.kafka;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.inject.AbstractModule;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.TypeLiteral;
import com.google.inject.multibindings.OptionalBinder;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.trace.Span;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.jzenith.core.outbox.InboxConfiguration;
import org.jzenith.core.outbox.OutboxConfiguration;
import org.jzenith.core.spi.outbox.InboxStore;
import org.jzenith.core.spi.outbox.OutboxCodec;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.jzenith.messaging.consumer.InboxMethods;
import org.jzenith.messaging.consumer.Json;
import org.jzenith.messaging.outbox.InboxPurge;
import org.jzenith.messaging.outbox.OutboxRelay;
import org.jzenith.messaging.spi.Payload;

/**
 * The Kafka plugin's side of the outbox: binds the codec that writes events as its emitters do, and
 * runs an {@link OutboxRelay} while the plugin runs, when a store plugin binds an {@link
 * OutboxStore}, and an {@link InboxPurge} when it has {@code @Idempotent} consumers. Thread-safe.
 */
final class OutboxWiring {

    private static final TypeLiteral<Optional<OutboxStore>> STORE = new TypeLiteral<>() {};
    private static final TypeLiteral<Optional<InboxStore>> INBOX = new TypeLiteral<>() {};

    private final AtomicReference<Optional<OutboxRelay>> relay = new AtomicReference<>(Optional.empty());
    private final AtomicReference<Optional<InboxPurge>> purge = new AtomicReference<>(Optional.empty());

    /** Declares the stores (a store plugin may bind them) and binds the codec. */
    static Module module() {
        return new AbstractModule() {
            @Override
            protected void configure() {
                OptionalBinder.newOptionalBinder(binder(), OutboxStore.class);
                OptionalBinder.newOptionalBinder(binder(), InboxStore.class);
                OptionalBinder.newOptionalBinder(binder(), OutboxCodec.class)
                        .setBinding()
                        .to(Codec.class)
                        .in(Singleton.class);
            }
        };
    }

    /** Whether a store plugin keeps an outbox this plugin relays. */
    static boolean present(final Injector injector) {
        return injector.getInstance(Key.get(STORE)).isPresent();
    }

    /**
     * Starts the relay when there is an outbox, sending through {@code producer}, and the inbox's purge
     * when {@code idempotent} consumers record their messages in it.
     */
    void start(
            final Injector injector,
            final Producer<byte[], byte[]> producer,
            final KafkaConfiguration configuration,
            final boolean idempotent) {
        if (idempotent) {
            final InboxStore inbox = injector.getInstance(Key.get(INBOX)).orElseThrow();
            purge.set(Optional.of(InboxPurge.start(
                    inbox,
                    injector.getInstance(InboxConfiguration.class).retention(),
                    injector.getInstance(MeterRegistry.class))));
        }
        final KafkaTracing tracing = injector.getInstance(KafkaTracing.class);
        injector.getInstance(Key.get(STORE))
                .ifPresent(store -> relay.set(Optional.of(OutboxRelay.start(
                        store,
                        injector.getInstance(OutboxConfiguration.class),
                        record -> send(producer, configuration, tracing, record),
                        injector.getInstance(MeterRegistry.class)))));
    }

    /**
     * Hands {@code record} to the producer with its event id, in a span of the publishing request's
     * trace when the service traces ({@link KafkaTracing#relay}); completes when the broker acknowledged.
     */
    private static CompletableFuture<Void> send(
            final Producer<byte[], byte[]> producer,
            final KafkaConfiguration configuration,
            final KafkaTracing tracing,
            final OutboxRecord record) {
        final CompletableFuture<Void> acknowledged = new CompletableFuture<>();
        final RecordHeaders headers = new RecordHeaders();
        headers.add(InboxMethods.EVENT_ID, record.eventId().getBytes(StandardCharsets.UTF_8));
        final String topic = ChannelSettings.of(record.channel(), configuration).topic();
        final Span span = tracing.relay(topic, record.traceParent(), headers);
        try {
            producer.send(
                    new ProducerRecord<>(
                            topic,
                            null,
                            record.key()
                                    .map(key -> key.getBytes(StandardCharsets.UTF_8))
                                    .orElse(null),
                            record.payload(),
                            headers),
                    (metadata, failure) -> {
                        if (failure == null) {
                            span.end();
                            acknowledged.complete(null);
                        } else {
                            KafkaTracing.fail(span, failure);
                            acknowledged.completeExceptionally(refusedForGood(failure));
                        }
                    });
        } catch (final RuntimeException e) {
            KafkaTracing.fail(span, e);
            // The producer refuses a record larger than max.request.size before it is sent.
            if (refusedForGood(e) instanceof OutboxRelay.Refused refused) {
                acknowledged.completeExceptionally(refused);
                return acknowledged;
            }
            throw e;
        }
        return acknowledged;
    }

    /**
     * {@code failure} as the relay sees it: {@link OutboxRelay.Refused} where sending the event again
     * cannot cure it (an error of the broker's protocol that Kafka does not call retriable: too large,
     * not authorized, an invalid topic); as it is otherwise (the broker away, a timeout).
     */
    static Throwable refusedForGood(final Throwable failure) {
        if (failure instanceof org.apache.kafka.common.errors.ApiException
                && !(failure instanceof org.apache.kafka.common.errors.RetriableException)) {
            return new OutboxRelay.Refused(failure);
        }
        return failure;
    }

    /** Stops the relay, if it runs, on a virtual thread within 5 s; completes when it has stopped. */
    CompletableFuture<Void> stopping() {
        final CompletableFuture<Void> stopped = new CompletableFuture<>();
        Thread.ofVirtual().name("jzenith-outbox-relay-stop").start(() -> {
            stop(Duration.ofSeconds(5));
            stopped.complete(null);
        });
        return stopped;
    }

    /** Stops the relay and the inbox's purge, those that run, within {@code timeout} each. */
    void stop(final Duration timeout) {
        relay.getAndSet(Optional.empty()).ifPresent(running -> running.stop(timeout));
        purge.getAndSet(Optional.empty()).ifPresent(running -> running.stop(timeout));
    }

    /**
     * Writes events as the emitters write payloads: {@code String} and {@code byte[]} as they are,
     * anything else as JSON through the application's mapper.
     */
    static final class Codec implements OutboxCodec {

        private final ObjectMapper json;

        @Inject
        Codec(final Injector injector) {
            this.json = Json.of(injector);
        }

        @Override
        public byte[] write(final String channel, final Object event) {
            if (event instanceof byte[] bytes) {
                return bytes;
            }
            if (event instanceof String text) {
                return text.getBytes(StandardCharsets.UTF_8);
            }
            return new Payload.Json(json, json.constructType(event.getClass())).write(event);
        }
    }
}
