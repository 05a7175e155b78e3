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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jzenith.core.outbox.InboxConfiguration;
import org.jzenith.core.outbox.OutboxConfiguration;
import org.jzenith.core.spi.outbox.InboxStore;
import org.jzenith.core.spi.outbox.OutboxCodec;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.jzenith.messaging.consumer.Json;
import org.jzenith.messaging.spi.ChannelKeys;
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
 * <p>One relay sends an application's outbox. Where two connector plugins share the channels ({@code
 * KafkaPlugin.serving(channels)}, {@code RabbitMqPlugin.serving(channels)}) and settings choose each
 * channel's connector, the first to start runs it, and each event goes through the connector of its
 * channel; a plugin serving no channel starts nothing. Without such settings a second connector that
 * starts a relay on the same injector fails, naming both, rather than send each event to whichever
 * broker's relay holds the lease. Thread-safe.
 */
public final class OutboxWiring {

    private static final TypeLiteral<Optional<OutboxStore>> STORE = new TypeLiteral<>() {};
    private static final TypeLiteral<Optional<InboxStore>> INBOX = new TypeLiteral<>() {};

    private final AtomicReference<Optional<Relaying>> relaying = new AtomicReference<>(Optional.empty());
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
     * when {@code idempotent} consumers record their messages in it. Where two connector plugins serve
     * the application's channels, chosen per channel by {@code messaging.channels.NAME.connector} (or
     * SmallRye's keys), the relay runs once, started by the first, and sends each event through the
     * connector its channel's setting names; the purge runs once too.
     *
     * @param connector the plugin's name ({@code kafka}), as settings name the connector
     * @throws IllegalStateException when another connector relays the application's outbox already
     *     and no setting chooses a connector per channel
     */
    public void start(
            final Injector injector,
            final String connector,
            final OutboxRelay.Sender sender,
            final boolean idempotent) {
        Objects.requireNonNull(sender, "sender");
        final Relaying shared = injector.getInstance(Relaying.class);
        relaying.set(Optional.of(shared));
        final Optional<OutboxStore> store = injector.getInstance(Key.get(STORE));
        if (store.isPresent()) {
            shared.join(
                    connector,
                    sender,
                    ChosenConnectors.of(injector),
                    () -> OutboxRelay.start(
                            store.get(),
                            injector.getInstance(OutboxConfiguration.class),
                            shared::send,
                            injector.getInstance(MeterRegistry.class))::stop);
        }
        if (idempotent && shared.claimPurge()) {
            final InboxStore inbox = injector.getInstance(Key.get(INBOX)).orElseThrow();
            purge.set(Optional.of(InboxPurge.start(
                    inbox,
                    injector.getInstance(InboxConfiguration.class).retention(),
                    injector.getInstance(MeterRegistry.class))));
        }
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

    /**
     * Stops the relay and the inbox's purge, those that run, within {@code timeout} each. The relay
     * stops with the first connector plugin that stops (plugins stop in the reverse order of their
     * start), before that plugin's client closes.
     */
    public void stop(final Duration timeout) {
        relaying.get().ifPresent(shared -> shared.stopRelay(timeout));
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
     * The application's one outbox relay, and the connectors it sends through: two relays of one
     * outbox would each send the events while it holds the lease, to its own broker. With one connector
     * every event goes through it; with several, each event goes through the connector its channel's
     * setting chooses ({@link ChosenConnectors}), and a second connector may join only where such
     * settings exist. Thread-safe.
     */
    static final class Relaying {

        private final Map<String, OutboxRelay.Sender> senders = new LinkedHashMap<>(); // guarded by this
        private ChosenConnectors chosen = ChosenConnectors.NONE; // guarded by this
        private Optional<Consumer<Duration>> relay = Optional.empty(); // its stop; guarded by this
        private boolean relayStarted; // guarded by this
        private boolean purging; // guarded by this

        @Inject
        Relaying() {}

        /**
         * Adds {@code connector}'s sender, and starts the relay through {@code start} (which returns
         * how to stop it) when it is the first.
         *
         * @throws IllegalStateException when another connector sends already and no setting chooses a
         *     connector per channel
         */
        synchronized void join(
                final String connector,
                final OutboxRelay.Sender sender,
                final ChosenConnectors settings,
                final Supplier<Consumer<Duration>> start) {
            if (!senders.isEmpty() && !senders.containsKey(connector) && settings.isEmpty()) {
                throw new IllegalStateException("the outbox is relayed by the "
                        + senders.keySet().iterator().next() + " plugin already, so the " + connector
                        + " plugin cannot relay it too: no setting says which connector serves which channel;"
                        + " declare the channels with Channels and give them to each connector's"
                        + " serving(channels), with messaging.channels.NAME.connector, or register one"
                        + " messaging plugin with an outbox store");
            }
            senders.put(connector, sender);
            chosen = settings;
            if (!relayStarted) {
                relayStarted = true;
                relay = Optional.of(start.get());
            }
        }

        /** Whether the caller runs the inbox's purge: the first to ask. */
        synchronized boolean claimPurge() {
            final boolean first = !purging;
            purging = true;
            return first;
        }

        /** Stops the relay, if it runs; later calls do nothing. */
        void stopRelay(final Duration timeout) {
            final Optional<Consumer<Duration>> running;
            synchronized (this) {
                running = relay;
                relay = Optional.empty();
            }
            running.ifPresent(stopping -> stopping.accept(timeout));
        }

        /** Sends {@code record} through the connector that serves its channel. */
        CompletableFuture<Void> send(final OutboxRecord record) {
            final OutboxRelay.Sender sender;
            synchronized (this) {
                final Optional<String> named = chosen.of(record.channel());
                if (named.isPresent()) {
                    final Optional<OutboxRelay.Sender> serving = senders.entrySet().stream()
                            .filter(entry -> ChosenConnectors.names(named.get(), entry.getKey()))
                            .map(Map.Entry::getValue)
                            .findFirst();
                    if (serving.isEmpty()) {
                        // its plugin starts after the relay's, or failed to: the event waits in the outbox
                        return CompletableFuture.failedFuture(new IllegalStateException("the connector '"
                                + named.get() + "' that serves the channel '" + record.channel()
                                + "' does not run"));
                    }
                    sender = serving.get();
                } else if (senders.size() == 1) {
                    sender = senders.values().iterator().next();
                } else {
                    return CompletableFuture.failedFuture(new OutboxRelay.Refused(new IllegalStateException(
                            "no connector is chosen for the channel '" + record.channel() + "', which "
                                    + String.join(" and ", senders.keySet()) + " could serve: set "
                                    + ChannelKeys.of("messaging", record.channel(), "connector"))));
                }
            }
            return sender.send(record);
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
