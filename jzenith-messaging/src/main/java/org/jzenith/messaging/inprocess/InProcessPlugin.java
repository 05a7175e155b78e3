package org.jzenith.messaging.inprocess;

import com.google.inject.Module;
import io.smallrye.reactive.messaging.annotations.Merge;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.jzenith.core.PluginContext;
import org.jzenith.core.Validation;
import org.jzenith.messaging.consumer.ChannelDeclarations;
import org.jzenith.messaging.consumer.ConsumerChannels;
import org.jzenith.messaging.spi.ChannelChoice;
import org.jzenith.messaging.spi.ConnectorName;
import org.jzenith.messaging.spi.ConnectorPlugin;
import org.jzenith.messaging.spi.ConnectorSettings;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.stream.ChannelStream;

/**
 * In-process channels: an {@code @Outgoing} method, a processor's result or a {@code @Channel} emitter
 * feeding an {@code @Incoming} method of the same application, with no broker between them, as SmallRye
 * Reactive Messaging does for a channel with both ends in the application and no connector. Alone it
 * serves every channel of its classes, and needs no broker:
 *
 * <pre>{@code
 * JZenith.application(args)
 *        .withPlugins(InProcessPlugin.withConsumers(PriceGenerator.class, PriceConverter.class)
 *                                    .withEmitter("orders", Order.class))
 *        .run();
 * }</pre>
 *
 * <p>Given channels to share with a broker's plugin, it takes SmallRye's rule: a channel with an
 * upstream (emitter, producer method, processor result) and an {@code @Incoming} method in the
 * application and no connector setting is in-process; every other channel goes to the broker ({@code
 * messaging.channels.NAME.connector=kafka} sends a channel with both ends through the broker):
 *
 * <pre>{@code
 * ChannelDeclarations channels = Channels.withConsumers(Pipeline.class).withEmitter("orders", Order.class);
 * JZenith.application(args).withPlugins(KafkaPlugin.serving(channels), InProcessPlugin.serving(channels)).run();
 * }</pre>
 *
 * <p>An upstream may feed a {@code @Channel("quotes") Multi<Quote>} too ({@link #withStream}).
 * SmallRye's {@code @Broadcast} goes on the {@code @Outgoing} method or the emitter's injection point,
 * its {@code @Merge} on the {@code @Incoming} method ({@code ONE} and {@code CONCAT} over producer
 * methods only: {@link Topology}).
 *
 * <p>A send completes when every consumer is done with the message and fails with the consumer's
 * failure ({@code messaging.channels.NAME.failure-strategy=nack}, the default; {@code ignore}; {@code
 * fail}); each consumer has a buffer of {@value InProcessRuntime#BUFFER} messages, and a send waits for
 * room. Immutable; the channels it runs are thread-safe.
 */
public final class InProcessPlugin implements ConnectorPlugin {

    /** How settings name it: {@code messaging.channels.NAME.connector=in-process}. */
    public static final ConnectorName CONNECTOR = ConnectorName.IN_PROCESS;

    private static final String ORIGIN = "InProcessPlugin.withConsumers";

    private final ChannelDeclarations declarations;
    private final boolean shared;
    private final AtomicReference<Optional<ChannelChoice>> choice = new AtomicReference<>(Optional.empty());
    private final AtomicReference<Map<String, InProcessConnector.Policy>> policies = new AtomicReference<>(Map.of());
    private final InProcessRuntime runtime = new InProcessRuntime();
    private final Map<String, ChannelStream> streams;

    private InProcessPlugin(final ChannelDeclarations declarations, final boolean shared) {
        this.declarations = declarations;
        this.shared = shared;
        this.streams = declarations.newStreams(InProcessRuntime.BUFFER, InProcessRuntime.PATIENCE);
    }

    /** In-process channels of {@code consumers}: classes whose {@code @Incoming} and {@code @Outgoing} methods run. */
    public static InProcessPlugin withConsumers(final Class<?>... consumers) {
        return new InProcessPlugin(ChannelDeclarations.of(consumers), false);
    }

    /**
     * The channels of {@code channels} that have both ends in the application and no connector setting,
     * beside a broker's plugin given the same declarations ({@code KafkaPlugin.serving(channels)}).
     */
    public static InProcessPlugin serving(final ChannelDeclarations channels) {
        return new InProcessPlugin(Objects.requireNonNull(channels, "channels"), true);
    }

    /**
     * These channels, with a {@code @Channel(channel) Multi<T>} (or {@code Publisher<T>}, {@code
     * Flowable<T>}) of {@code type} fed by the channel's upstream, as SmallRye injects a channel.
     */
    public InProcessPlugin withStream(final String channel, final Class<?> type) {
        if (shared) {
            throw new IllegalStateException("InProcessPlugin.serving(channels) serves the channels given: call"
                    + " withStream on the channels (Channels.withConsumers(...).withStream(...)) that every"
                    + " plugin serves");
        }
        return new InProcessPlugin(declarations.withStream(channel, type), false);
    }

    /** These channels, with a {@code @Channel(channel) Emitter<T>} of {@code type} feeding them. */
    public InProcessPlugin withEmitter(final String channel, final Class<?> type) {
        if (shared) {
            throw new IllegalStateException("InProcessPlugin.serving(channels) serves the channels given: call"
                    + " withEmitter on the channels (Channels.withConsumers(...).withEmitter(...)) that every"
                    + " plugin serves");
        }
        return new InProcessPlugin(declarations.withEmitter(channel, type), false);
    }

    @Override
    public ConnectorName connector() {
        return CONNECTOR;
    }

    @Override
    public ChannelDeclarations channels() {
        return declarations;
    }

    @Override
    public boolean sharesChannels() {
        return shared;
    }

    @Override
    public String name() {
        return "in-process";
    }

    /** Starts once everything the consumers use is ready, and stops before it. */
    @Override
    public Phase phase() {
        return Phase.SERVE;
    }

    private ChannelChoice choice() {
        return choice.get().orElseGet(() -> ChannelChoice.all(this));
    }

    private Map<String, ChannelStream> servedStreams(final ChannelChoice chosen) {
        final Map<String, ChannelStream> served = new java.util.HashMap<>(streams);
        served.keySet().retainAll(chosen.served());
        return Map.copyOf(served);
    }

    @Override
    public List<Class<?>> configurationMappings() {
        return ChannelChoice.MAPPINGS;
    }

    @Override
    public List<Module> modules() {
        final ChannelChoice chosen = choice();
        if (chosen.idle()) {
            return List.of();
        }
        final Map<String, Class<?>> emitters =
                declarations.only(chosen.served()).emitters();
        final Topology topology = Topology.of(declarations);
        final Map<String, List<String>> consumers = new java.util.HashMap<>();
        emitters.keySet().forEach(channel -> consumers.put(channel, topology.consumerNames(channel)));
        return List.of(new InProcessModule(
                runtime,
                emitters,
                consumers,
                servedStreams(chosen),
                declarations.streams(),
                declarations.consumers(),
                chosen.owner() ? Optional.of(declarations.declared()) : Optional.empty()));
    }

    /**
     * Checks the consumer classes as every connector does, each in-process channel's ends ({@link
     * Topology}: a consumer and an upstream, {@code @Broadcast} for several consumers, {@code @Merge} for
     * several upstreams, {@code ONE} and {@code CONCAT} over producer methods only) and its settings; an
     * emitter's {@code @Broadcast} is checked where Guice makes its class.
     */
    @Override
    public void validate(final Validation validation) {
        final ChannelChoice chosen = ChannelChoice.of(this, validation);
        choice.set(Optional.of(chosen));
        if (chosen.idle()) {
            return;
        }
        ConsumerChannels.validate(
                declarations.consumers(),
                declarations.declared(),
                InProcessRuntime.REGISTRATION,
                NativeParameters.NONE,
                validation,
                ORIGIN,
                chosen::serves,
                chosen.owner());
        final Topology topology = Topology.of(declarations);
        for (final String channel : chosen.served()) {
            topology.problems(channel)
                    .forEach(
                            problem -> validation.problem("the in-process channel '" + channel + "'", ORIGIN, problem));
        }
        validation
                .configuration(ConnectorSettings.class)
                .ifPresent(settings -> policies.set(InProcessSettings.of(settings, chosen.served(), validation)));
    }

    @Override
    public Future<Void> start(final PluginContext context) {
        final ChannelChoice chosen = choice();
        if (chosen.idle()) {
            return Future.succeededFuture();
        }
        final Topology topology = Topology.of(declarations);
        final Map<String, Merge.Mode> turns = new java.util.HashMap<>();
        chosen.served().forEach(channel -> turns.put(channel, topology.mode(channel)));
        runtime.start(
                declarations.consumers(),
                new InProcessRuntime.Streams(servedStreams(chosen), declarations.streams()),
                context.injector(),
                chosen::serves,
                policies.get(),
                turns);
        return Future.succeededFuture();
    }

    /** Cancels the producer methods, waits for the messages in flight (at most 10 s), then closes the channels. */
    @Override
    public Future<Void> stop(final PluginContext context) {
        final Promise<Void> done = Promise.promise();
        Thread.ofVirtual().name("in-process-stop").start(() -> {
            runtime.stop();
            // the subscribers' streams end once nothing more can come
            streams.values().forEach(ChannelStream::complete);
            done.complete();
        });
        return done.future();
    }
}
