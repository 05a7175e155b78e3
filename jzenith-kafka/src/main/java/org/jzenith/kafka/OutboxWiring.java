package org.jzenith.kafka;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.inject.AbstractModule;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.TypeLiteral;
import com.google.inject.multibindings.OptionalBinder;
import io.micrometer.core.instrument.MeterRegistry;
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
import org.jzenith.core.outbox.OutboxConfiguration;
import org.jzenith.core.spi.outbox.InboxStore;
import org.jzenith.core.spi.outbox.OutboxCodec;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.jzenith.kafka.outbox.OutboxRelay;

/**
 * The Kafka plugin's side of the outbox: binds the codec that writes events as its emitters do, and
 * runs an {@link OutboxRelay} while the plugin runs, when a store plugin binds an {@link
 * OutboxStore}. Thread-safe.
 */
final class OutboxWiring {

    private static final TypeLiteral<Optional<OutboxStore>> STORE = new TypeLiteral<>() {};

    private final AtomicReference<Optional<OutboxRelay>> relay = new AtomicReference<>(Optional.empty());

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

    /** Starts the relay when there is an outbox, sending through {@code producer}. */
    void start(
            final Injector injector, final Producer<byte[], byte[]> producer, final KafkaConfiguration configuration) {
        injector.getInstance(Key.get(STORE))
                .ifPresent(store -> relay.set(Optional.of(OutboxRelay.start(
                        store,
                        injector.getInstance(OutboxConfiguration.class),
                        record -> {
                            final CompletableFuture<Void> acknowledged = new CompletableFuture<>();
                            final RecordHeaders headers = new RecordHeaders();
                            headers.add(InboxMethods.EVENT_ID, record.eventId().getBytes(StandardCharsets.UTF_8));
                            producer.send(
                                    new ProducerRecord<>(
                                            ChannelSettings.of(record.channel(), configuration)
                                                    .topic(),
                                            null,
                                            record.key()
                                                    .map(key -> key.getBytes(StandardCharsets.UTF_8))
                                                    .orElse(null),
                                            record.payload(),
                                            headers),
                                    (metadata, failure) -> {
                                        if (failure == null) {
                                            acknowledged.complete(null);
                                        } else {
                                            acknowledged.completeExceptionally(failure);
                                        }
                                    });
                            return acknowledged;
                        },
                        injector.getInstance(MeterRegistry.class)))));
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

    /** Stops the relay, if it runs, within {@code timeout}. */
    void stop(final Duration timeout) {
        relay.getAndSet(Optional.empty()).ifPresent(running -> running.stop(timeout));
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
