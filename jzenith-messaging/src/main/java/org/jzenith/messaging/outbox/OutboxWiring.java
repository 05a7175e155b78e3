package org.jzenith.messaging.outbox;

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
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.jzenith.core.outbox.InboxConfiguration;
import org.jzenith.core.outbox.OutboxConfiguration;
import org.jzenith.core.spi.outbox.InboxStore;
import org.jzenith.core.spi.outbox.OutboxCodec;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.jzenith.messaging.consumer.Json;
import org.jzenith.messaging.spi.Payload;

/**
 * A connector plugin's side of the outbox and the inbox, whatever its broker: binds the codec that
 * writes events as the emitters write payloads, and, while the plugin runs, an {@link OutboxRelay}
 * sending through the connector's {@link OutboxRelay.Sender} when a store plugin binds an {@link
 * OutboxStore}, and an {@link InboxPurge} when the plugin has {@code @Idempotent} consumers. The
 * connector gives only the sender.
 *
 * <pre>{@code
 * private final OutboxWiring outbox = new OutboxWiring();
 *
 * public List<Module> modules() { return List.of(new MyModule(), OutboxWiring.module()); }
 *
 * // start, once the client runs:
 * outbox.start(context.injector(), "mybroker", record -> client.send(record), idempotent);
 * // stop, before the client closes:
 * outbox.stopping().thenRun(client::close);
 * }</pre>
 *
 * <p>One connector relays an application's outbox: a second one that starts a relay on the same
 * injector fails, naming both, rather than send each event to whichever broker's relay holds the
 * lease. Thread-safe.
 */
public final class OutboxWiring {

    private static final TypeLiteral<Optional<OutboxStore>> STORE = new TypeLiteral<>() {};
    private static final TypeLiteral<Optional<InboxStore>> INBOX = new TypeLiteral<>() {};

    private final AtomicReference<Optional<OutboxRelay>> relay = new AtomicReference<>(Optional.empty());
    private final AtomicReference<Optional<InboxPurge>> purge = new AtomicReference<>(Optional.empty());

    /**
     * Declares the stores (a store plugin may bind them) and binds the codec. Every connector's module
     * is equal to every other's, so that an application with two connectors binds them once.
     */
    public static Module module() {
        return new StoresModule();
    }

    /** Whether a store plugin keeps an outbox that a connector relays. */
    public static boolean present(final Injector injector) {
        return injector.getInstance(Key.get(STORE)).isPresent();
    }

    /**
     * Starts the relay when there is an outbox, sending through {@code sender}, and the inbox's purge
     * when {@code idempotent} consumers record their messages in it.
     *
     * @param connector the plugin's name, for the message when another connector relays already
     * @throws IllegalStateException when another connector relays the application's outbox already
     */
    public void start(
            final Injector injector,
            final String connector,
            final OutboxRelay.Sender sender,
            final boolean idempotent) {
        Objects.requireNonNull(sender, "sender");
        final Optional<OutboxStore> store = injector.getInstance(Key.get(STORE));
        if (store.isPresent()) {
            injector.getInstance(Relaying.class).claim(connector);
        }
        if (idempotent) {
            final InboxStore inbox = injector.getInstance(Key.get(INBOX)).orElseThrow();
            purge.set(Optional.of(InboxPurge.start(
                    inbox,
                    injector.getInstance(InboxConfiguration.class).retention(),
                    injector.getInstance(MeterRegistry.class))));
        }
        store.ifPresent(outbox -> relay.set(Optional.of(OutboxRelay.start(
                outbox,
                injector.getInstance(OutboxConfiguration.class),
                sender,
                injector.getInstance(MeterRegistry.class)))));
    }

    /** Stops the relay, if it runs, on a virtual thread within 5 s; completes when it has stopped. */
    public CompletableFuture<Void> stopping() {
        final CompletableFuture<Void> stopped = new CompletableFuture<>();
        Thread.ofVirtual().name("jzenith-outbox-relay-stop").start(() -> {
            stop(Duration.ofSeconds(5));
            stopped.complete(null);
        });
        return stopped;
    }

    /** Stops the relay and the inbox's purge, those that run, within {@code timeout} each. */
    public void stop(final Duration timeout) {
        relay.getAndSet(Optional.empty()).ifPresent(running -> running.stop(timeout));
        purge.getAndSet(Optional.empty()).ifPresent(running -> running.stop(timeout));
    }

    /** The optional stores and the codec; equal to any other, so that Guice installs it once. */
    private static final class StoresModule extends AbstractModule {

        @Override
        protected void configure() {
            OptionalBinder.newOptionalBinder(binder(), OutboxStore.class);
            OptionalBinder.newOptionalBinder(binder(), InboxStore.class);
            OptionalBinder.newOptionalBinder(binder(), OutboxCodec.class)
                    .setBinding()
                    .to(Codec.class)
                    .in(Singleton.class);
            bind(Relaying.class).in(Singleton.class);
        }

        @Override
        public boolean equals(final Object other) {
            return other instanceof StoresModule;
        }

        @Override
        public int hashCode() {
            return StoresModule.class.hashCode();
        }
    }

    /**
     * Which connector relays the application's outbox: two relays of one outbox would each send the
     * events while it holds the lease, to its own broker.
     */
    static final class Relaying {

        private Optional<String> connector = Optional.empty(); // guarded by this

        @Inject
        Relaying() {}

        synchronized void claim(final String name) {
            if (connector.isPresent() && !connector.get().equals(name)) {
                throw new IllegalStateException("the outbox is relayed by the " + connector.get()
                        + " plugin already, so the " + name + " plugin cannot relay it too: each event would go"
                        + " to whichever broker's relay holds the lease; register one messaging plugin with an"
                        + " outbox store");
            }
            connector = Optional.of(name);
        }
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
