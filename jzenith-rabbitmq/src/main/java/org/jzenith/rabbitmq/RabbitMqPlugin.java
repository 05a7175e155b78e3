package org.jzenith.rabbitmq;

import com.google.inject.Module;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.jzenith.core.PluginContext;
import org.jzenith.core.Validation;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.configuration.Secrets;
import org.jzenith.core.errors.Failures;
import org.jzenith.messaging.consumer.BeanPayloadValidator;
import org.jzenith.messaging.consumer.ChannelDeclarations;
import org.jzenith.messaging.consumer.ConsumerChannel;
import org.jzenith.messaging.consumer.ConsumerChannels;
import org.jzenith.messaging.consumer.FailedChannels;
import org.jzenith.messaging.consumer.IncomingMethod;
import org.jzenith.messaging.consumer.PayloadValidator;
import org.jzenith.messaging.outbox.OutboxWiring;
import org.jzenith.messaging.producer.ProducerChannels;
import org.jzenith.messaging.spi.ChannelChoice;
import org.jzenith.messaging.spi.ChannelKeys;
import org.jzenith.messaging.spi.ConnectorName;
import org.jzenith.messaging.spi.ConnectorPlugin;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.spi.UnsupportedMessaging;
import org.jzenith.messaging.stream.ChannelStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the application RabbitMQ on jZenith's messaging layer: methods annotated {@code
 * @Incoming("channel")} consume the channel's queue, each delivery on a virtual thread in the queue's
 * order, and {@code @Channel("channel") Emitter<T>} publishes to the channel's exchange, completing
 * when the broker confirmed. The same consumer classes and emitters run on Kafka: only the plugin
 * and the settings differ.
 *
 * <pre>{@code
 * JZenith.application(args)
 *        .withPlugins(RabbitMqPlugin.withConsumers(OrderEvents.class)
 *                                   .withEmitter("shipments", Shipment.class))
 *        .withConfiguration("rabbitmq.host", "rabbit.internal")
 *        .run();
 * }</pre>
 *
 * <p><b>Delivery.</b> At least once: a delivery is acknowledged only once its method returned (or
 * what it returned completed); {@code rabbitmq.prefetch} deliveries at most are held unacknowledged.
 * A failed message is tried again ({@code rabbitmq.retries}, with backoff), then published to the
 * channel's dead-letter exchange with headers naming its queue, exchange, routing key and failure; a
 * message that cannot be read goes there at once, and the queue goes on. A send is published with
 * {@code mandatory=true} and completes once the broker confirmed it; one no queue takes fails.
 *
 * <p><b>Lifecycle.</b> Starts in the {@link Phase#SERVE} phase; fails to start, naming the server's
 * settings, when the server does not answer within {@code rabbitmq.connect-timeout}, and naming the
 * channel's settings when the broker refuses its exchange or queue. A lost connection is recovered by
 * the client (topology and consumers too) while the health check is DOWN. Stopping (also on SIGTERM)
 * cancels the consumers, lets the messages being processed finish within {@code
 * rabbitmq.drain-timeout}, acknowledges them, gives the rest back and closes the connections (one consumes, one publishes).
 *
 * <p>Settings are under {@code rabbitmq.} ({@link RabbitMqConfiguration}) and checked with the rest
 * of the configuration before anything starts. The plugin object is immutable.
 */
public final class RabbitMqPlugin implements ConnectorPlugin {

    private static final Logger LOG = LoggerFactory.getLogger(RabbitMqPlugin.class);
    private static final String ORIGIN = "RabbitMqPlugin.withConsumers";
    private static final Duration RECOVERY_INTERVAL = Duration.ofSeconds(1);
    private static final int HEARTBEAT_SECONDS = 15;

    /** How this plugin's users name consumers and emitters, for the start-up checks' advice. */
    static final UnsupportedMessaging.Registration REGISTRATION = new UnsupportedMessaging.Registration(
            "RabbitMqPlugin.withConsumers(...)", "RabbitMqPlugin...withEmitter", "RabbitMqPlugin...withStream");

    /** How many payloads a subscriber of a {@code @Channel} stream may hold before it holds the channel back. */
    static final int STREAM_BUFFER = 256;

    /** How long a subscriber whose stream buffer is full may hold its channel back before it is cancelled. */
    static final Duration STREAM_PATIENCE = Duration.ofSeconds(10);

    /** How settings name this connector: {@code messaging.channels.NAME.connector=rabbitmq}. */
    static final ConnectorName CONNECTOR = new ConnectorName("rabbitmq", "smallrye-rabbitmq", "RabbitMqPlugin");

    private final ChannelDeclarations declarations;
    private final boolean shared;
    private final AtomicReference<Optional<ChannelChoice>> choice = new AtomicReference<>(Optional.empty());
    private final List<Class<?>> consumers;
    private final Map<String, Class<?>> emitters;
    private final Map<String, Class<?>> streamTypes;
    private final Map<String, ChannelStream> streams;
    private final AtomicReference<ProducerChannels> producers = new AtomicReference<>(ProducerChannels.none());
    private final RabbitMqClient client = new RabbitMqClient();
    private final AtomicReference<PayloadValidator> validator = new AtomicReference<>(PayloadValidator.NONE);
    private final RabbitMqDevService devService = new RabbitMqDevService();
    private final OutboxWiring outbox = new OutboxWiring();

    private RabbitMqPlugin(final ChannelDeclarations declarations, final boolean shared) {
        this.declarations = declarations;
        this.shared = shared;
        this.consumers = declarations.consumers();
        this.emitters = declarations.emitters();
        this.streamTypes = declarations.streams();
        this.streams = declarations.newStreams(STREAM_BUFFER, STREAM_PATIENCE);
    }

    /** RabbitMQ without consumers: emitters ({@link #withEmitter}) and the health check. */
    public static RabbitMqPlugin create() {
        return new RabbitMqPlugin(ChannelDeclarations.of(), false);
    }

    /**
     * RabbitMQ with {@code consumers}: classes whose {@code @Incoming} methods consume, each made once
     * by Guice. Their methods are checked at start-up with the configuration.
     */
    public static RabbitMqPlugin withConsumers(final Class<?>... consumers) {
        return new RabbitMqPlugin(ChannelDeclarations.of(consumers), false);
    }

    /**
     * RabbitMQ serving those of {@code channels} that settings give it, where another connector plugin
     * serves the same declarations ({@code KafkaPlugin.serving(channels)}); every one of them where it
     * is the only one. A channel's connector is {@code messaging.channels.NAME.connector=rabbitmq} (or
     * {@code mp.messaging.incoming.NAME.connector=smallrye-rabbitmq}); given no channel, the plugin
     * neither connects nor needs {@code rabbitmq.host}.
     *
     * <pre>{@code
     * ChannelDeclarations channels = Channels.withConsumers(AuditConsumer.class).withEmitter("users", UserEvent.class);
     * JZenith.application(args).withPlugins(KafkaPlugin.serving(channels), RabbitMqPlugin.serving(channels)).run();
     * }</pre>
     */
    public static RabbitMqPlugin serving(final ChannelDeclarations channels) {
        return new RabbitMqPlugin(java.util.Objects.requireNonNull(channels, "channels"), true);
    }

    /**
     * This plugin, also binding {@code @Channel("channel") Emitter<T>} for payloads of {@code type}:
     * {@code String} and {@code byte[]} as they are, anything else as JSON.
     *
     * <pre>{@code
     * RabbitMqPlugin.create().withEmitter("orders", Order.class);
     * }</pre>
     */
    public RabbitMqPlugin withEmitter(final String channel, final Class<?> type) {
        return new RabbitMqPlugin(unshared("withEmitter").withEmitter(channel, type), false);
    }

    /**
     * This plugin, also consuming the channel's queue into a stream that {@code @Channel("channel")}
     * injection points of {@code Multi<T>}, {@code Publisher<T>} or {@code Flowable<T>} receive, for
     * payloads of {@code type}: each subscriber gets the messages that arrive after it subscribed; a
     * delivery is acknowledged once every subscriber's buffer ({@value #STREAM_BUFFER} payloads) took it.
     *
     * <pre>{@code
     * RabbitMqPlugin.create().withStream("quotes", Quote.class);
     * }</pre>
     */
    public RabbitMqPlugin withStream(final String channel, final Class<?> type) {
        return new RabbitMqPlugin(unshared("withStream").withStream(channel, type), false);
    }

    /** The declarations, which only a plugin with channels of its own may add to. */
    private ChannelDeclarations unshared(final String method) {
        if (shared) {
            throw new IllegalStateException("RabbitMqPlugin.serving(channels) serves the channels given: call "
                    + method + " on the channels (Channels.withConsumers(...)." + method
                    + "(...)) that every connector serves");
        }
        return declarations;
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

    /** Which channels this plugin serves: as {@link #validate} chose, or all before. */
    private ChannelChoice choice() {
        return choice.get().orElseGet(() -> ChannelChoice.all(this));
    }

    /** The streams of the channels this plugin serves. */
    private Map<String, ChannelStream> servedStreams() {
        final Map<String, ChannelStream> served = new java.util.LinkedHashMap<>(streams);
        served.keySet().retainAll(choice().served());
        return served;
    }

    /** The emitters and streams this plugin declares, for the checks of {@code @Channel} injection points. */
    UnsupportedMessaging.Declared declared() {
        return declarations.declared();
    }

    @Override
    public String name() {
        return "rabbitmq";
    }

    /** Starts once everything the consumers use is ready, and stops before it. */
    @Override
    public Phase phase() {
        return Phase.SERVE;
    }

    @Override
    public List<Module> modules() {
        final ChannelChoice chosen = choice();
        if (chosen.idle()) {
            return List.of();
        }
        return List.of(
                new RabbitMqModule(
                        client,
                        declarations.only(chosen.served()).declared(),
                        servedStreams(),
                        consumers,
                        chosen.owner() ? Optional.of(declared()) : Optional.empty()),
                OutboxWiring.module());
    }

    @Override
    public List<Class<?>> configurationMappings() {
        final List<Class<?>> mappings = new ArrayList<>(ChannelChoice.MAPPINGS);
        mappings.addFirst(RabbitMqConfiguration.class);
        return List.copyOf(mappings);
    }

    /**
     * Reports consumer methods that cannot be called, channels consumed twice, a server that is not
     * named (or named twice), an AMQP URI that does not parse, channel settings of no channel, and
     * settings out of their range or not one of their names, and consumer or queue settings of a channel
     * only sent to, where they would do nothing ({@link SendOnlyChannels}).
     */
    @Override
    public void validate(final Validation validation) {
        final ChannelChoice chosen = ChannelChoice.of(this, validation);
        choice.set(Optional.of(chosen));
        if (chosen.idle()) {
            return;
        }
        final TreeSet<String> known = ConsumerChannels.validate(
                consumers,
                declared(),
                REGISTRATION,
                NativeParameters.NONE,
                validation,
                ORIGIN,
                chosen::serves,
                chosen.owner());
        for (final Class<?> consumer : consumers) {
            for (final IncomingMethod.Found method : IncomingMethod.find(consumer, NativeParameters.NONE)) {
                if (streamTypes.containsKey(method.channel()) && chosen.serves(method.channel())) {
                    validation.problem(
                            IncomingMethod.describe(consumer, method.method()),
                            ORIGIN,
                            "consumes the channel '" + method.channel() + "', which has a @Channel stream"
                                    + " (RabbitMqPlugin...withStream) already; one consumer per channel: take the"
                                    + " stream, or remove withStream");
                }
            }
        }
        validation.configuration(RabbitMqConfiguration.class).ifPresent(configuration -> {
            final boolean host =
                    configuration.host().filter(value -> !value.isBlank()).isPresent();
            final Optional<String> uri = configuration.uri().filter(value -> !value.isBlank());
            RabbitMqDevService.validate(validation, configuration);
            if (host && uri.isPresent()) {
                validation.reject("rabbitmq.uri", "no URI where rabbitmq.host is set; set one of them");
            }
            uri.ifPresent(value -> {
                try {
                    new ConnectionFactory().setUri(value);
                } catch (final Exception e) {
                    validation.reject(
                            "rabbitmq.uri", "an AMQP URI such as amqp://user:password@host:5672/vhost (or amqps://)");
                }
            });
            configuration.channels().keySet().stream()
                    .filter(channel -> !known.contains(channel))
                    .sorted()
                    .forEach(channel -> validation.problem(
                            ChannelKeys.group("rabbitmq", channel),
                            "the configuration",
                            "configures a channel the application neither consumes nor sends to"
                                    + (known.isEmpty() ? "" : "; its channels are " + String.join(", ", known))));
            validation.reject(ChannelSettings.problems(configuration));
            validation.reject(RabbitMqTls.problems(configuration));
            // a channel only sent to has no consumer here, and a queue only where its queue is set
            final Set<String> sendOnly = new TreeSet<>(declarations.sent());
            sendOnly.removeAll(declarations.consumed());
            sendOnly.removeIf(channel -> !chosen.serves(channel));
            validation.reject(SendOnlyChannels.problems(configuration, sendOnly));
        });
    }

    /** Connects, declares the channels' topology, starts a consumer per channel; completes once they run. */
    @Override
    public Future<Void> start(final PluginContext context) {
        if (choice().idle()) {
            LOG.info("RabbitMQ serves none of the application's channels: not connecting");
            return Future.succeededFuture();
        }
        final Promise<Void> started = Promise.promise();
        Thread.ofVirtual().name("rabbitmq-start").start(() -> {
            try {
                connect(context);
                started.complete();
            } catch (final RuntimeException e) {
                producers.getAndSet(ProducerChannels.none()).stop();
                client.consumers().forEach(QueueConsumer::stop);
                outbox.stop(Duration.ofSeconds(5));
                closeConnection();
                validator.getAndSet(PayloadValidator.NONE).close();
                devService.stop();
                started.fail(e);
            }
        });
        return started.future();
    }

    /** The factory of the connection the settings describe: recovering by itself, with its topology. */
    static ConnectionFactory factory(final RabbitMqConfiguration configuration) {
        final ConnectionFactory factory = new ConnectionFactory();
        final Optional<String> uri = configuration.uri().filter(value -> !value.isBlank());
        if (uri.isPresent()) {
            try {
                factory.setUri(uri.get());
            } catch (final Exception e) {
                throw new IllegalArgumentException("rabbitmq.uri is not an AMQP URI", e);
            }
        } else {
            configuration.host().ifPresent(factory::setHost);
            factory.setPort(configuration.port());
            factory.setVirtualHost(configuration.virtualHost());
            configuration.username().ifPresent(factory::setUsername);
            configuration.password().ifPresent(factory::setPassword);
        }
        // An amqps:// URI's own TLS trusts every certificate: replaced by the settings' (or the JVM's)
        // trust and the host name check.
        RabbitMqTls.of(configuration).ifPresent(tls -> tls.applyTo(factory));
        factory.setConnectionTimeout((int) configuration.connectTimeout().toMillis());
        factory.setHandshakeTimeout((int) configuration.connectTimeout().toMillis());
        factory.setAutomaticRecoveryEnabled(true);
        factory.setTopologyRecoveryEnabled(true);
        factory.setNetworkRecoveryInterval(RECOVERY_INTERVAL.toMillis());
        factory.setRequestedHeartbeat(HEARTBEAT_SECONDS);
        return factory;
    }

    /** The user {@code configuration} connects as: the URI's, else {@code rabbitmq.username}, else {@code guest}. */
    static String user(final RabbitMqConfiguration configuration) {
        return configuration
                .uri()
                .filter(value -> !value.isBlank())
                .map(uri -> {
                    final ConnectionFactory parsed = new ConnectionFactory();
                    try {
                        parsed.setUri(uri);
                    } catch (final Exception e) {
                        throw new IllegalArgumentException("rabbitmq.uri is not an AMQP URI", e);
                    }
                    return parsed.getUsername();
                })
                .orElseGet(() -> configuration
                        .username()
                        .filter(value -> !value.isBlank())
                        .orElse(ConnectionFactory.DEFAULT_USER));
    }

    /** Where {@code configuration} connects to, for logs: {@code host:port/vhost}, no credentials. */
    static String server(final RabbitMqConfiguration configuration) {
        return configuration
                .uri()
                .filter(value -> !value.isBlank())
                .map(Secrets::maskUrl)
                .orElseGet(() ->
                        configuration.host().orElse("") + ":" + configuration.port() + configuration.virtualHost());
    }

    private void connect(final PluginContext context) {
        final RabbitMqConfiguration configuration = context.instance(RabbitMqConfiguration.class);
        final Optional<RabbitMqDevService.Running> dev =
                devService.start(context.instance(CoreConfiguration.class), configuration);
        final String server = dev.map(RabbitMqDevService.Running::address).orElseGet(() -> server(configuration));
        final Connection connection;
        final Connection publishing;
        try {
            final ConnectionFactory factory =
                    dev.map(running -> running.pointed(factory(configuration))).orElseGet(() -> factory(configuration));
            connection = factory.newConnection(ConsumerDispatch.executor(), "jzenith-consume");
            try {
                publishing = factory.newConnection("jzenith-publish");
            } catch (final Exception e) {
                connection.abort();
                throw e;
            }
        } catch (final Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("cannot connect to RabbitMQ at " + server + " within "
                    + configuration.connectTimeout().toMillis() + " ms: " + Failures.describe(e)
                    + "; check that RabbitMQ runs and that "
                    + (configuration.uri().isPresent()
                            ? "rabbitmq.uri is right"
                            : "rabbitmq.host, rabbitmq.port, rabbitmq.virtual-host, rabbitmq.username and"
                                    + " rabbitmq.password are right")
                    + (RabbitMqTls.speaksTls(configuration) && dev.isEmpty() ? RabbitMqTls.HINT : ""));
        }
        client.start(new RabbitMqClient.Running(
                connection,
                publishing,
                new Publisher(publishing, configuration.sendTimeout(), client::blocked),
                server));

        final PayloadValidator validator = BeanPayloadValidator.of(context.injector());
        this.validator.set(validator);
        final RabbitMqConnector connector = new RabbitMqConnector(
                configuration,
                client,
                context.instance(RabbitMqMetrics.class),
                context.instance(RabbitMqTracing.class));
        final ChannelChoice chosen = choice();
        final List<ConsumerChannel> consumed = new ArrayList<>(ConsumerChannels.of(
                consumers,
                context.injector(),
                connector,
                validator,
                context.instance(FailedChannels.class),
                chosen::serves));
        consumed.addAll(ConsumerChannels.ofStreams(
                servedStreams(),
                streamTypes,
                context.injector(),
                connector,
                validator,
                context.instance(FailedChannels.class)));

        final Set<String> named = new LinkedHashSet<>(emitters.keySet());
        named.addAll(streamTypes.keySet());
        // the channels of @Outgoing producer methods: their exchanges are declared too
        for (final Class<?> type : consumers) {
            org.jzenith.messaging.producer.OutgoingMethod.find(type).forEach(found -> named.add(found.channel()));
        }
        named.retainAll(chosen.served());
        final List<String> queued = new ArrayList<>();
        for (final ConsumerChannel channel : consumed) {
            named.add(channel.channel());
            queued.add(channel.channel());
            channel.method().forward().ifPresent(out -> named.add(out.channel()));
        }
        configuration.channels().forEach((channel, settings) -> {
            if (named.contains(channel)
                    && settings.queue().filter(value -> !value.isBlank()).isPresent()) {
                queued.add(channel);
            }
        });
        final List<String> refused;
        try {
            refused = Topology.apply(
                    connection, named.stream().map(connector::settings).toList(), queued);
        } catch (final java.io.IOException | RuntimeException e) {
            throw new IllegalStateException(
                    "cannot declare the channels' exchanges and queues at RabbitMQ " + server + ": "
                            + Failures.describe(e),
                    e);
        }
        if (!refused.isEmpty()) {
            throw new IllegalStateException(
                    "the channels' topology is not as the settings say: " + String.join("; ", refused));
        }

        final List<QueueConsumer> started = new ArrayList<>();
        for (final ConsumerChannel channel : consumed) {
            final ChannelSettings settings = connector.settings(channel.channel());
            final QueueConsumer consumer = new QueueConsumer(
                    settings,
                    connection,
                    (message, acknowledged) -> channel.processor().process(message, acknowledged),
                    configuration.drainTimeout(),
                    channel.stopping());
            started.add(consumer);
            client.consumers(started);
            try {
                consumer.start();
            } catch (final java.io.IOException e) {
                throw new IllegalStateException(
                        "cannot consume queue '" + settings.queue() + "' of channel '" + settings.channel() + "': "
                                + Failures.describe(e),
                        e);
            }
            LOG.info(
                    "Consuming channel '{}' (queue {}, prefetch {}, dead letters to exchange {}) with {}",
                    settings.channel(),
                    settings.queue(),
                    settings.prefetch(),
                    settings.deadLetterExchange(),
                    channel.describe());
        }
        producers.set(ProducerChannels.start(consumers, context.injector(), connector, chosen::serves));
        outbox.start(
                context.injector(),
                name(),
                OutboxSender.of(configuration, client, context.instance(RabbitMqTracing.class)),
                consumed.stream().anyMatch(ConsumerChannel::idempotent));
        LOG.info(
                "Connected to RabbitMQ at {} ({}); {} consumer{}, {} emitter{}, {} producer method{}",
                server,
                RabbitMqTls.of(configuration).map(RabbitMqTls::describe).orElse("plain AMQP"),
                started.size(),
                started.size() == 1 ? "" : "s",
                emitters.keySet().stream().filter(chosen::serves).count(),
                emitters.keySet().stream().filter(chosen::serves).count() == 1 ? "" : "s",
                producers.get().size(),
                producers.get().size() == 1 ? "" : "s");
    }

    /**
     * Stops the consumers (each cancels, drains within {@code rabbitmq.drain-timeout}, acknowledges
     * and gives back the rest), then closes the publisher and the connection.
     */
    @Override
    public Future<Void> stop(final PluginContext context) {
        if (choice().idle()) {
            return Future.succeededFuture();
        }
        final CompletableFuture<Void> produced =
                producers.getAndSet(ProducerChannels.none()).stop();
        // The outbox relay stops beside the consumers, before the connection closes and the stores stop after.
        final CompletableFuture<?>[] stopped = java.util.stream.Stream.concat(
                        client.consumers().stream().map(QueueConsumer::stop),
                        java.util.stream.Stream.of(outbox.stopping(), produced))
                .toArray(CompletableFuture[]::new);
        final Promise<Void> done = Promise.promise();
        CompletableFuture.allOf(stopped).whenComplete((ignored, failure) -> Thread.ofVirtual()
                .name("rabbitmq-stop")
                .start(() -> {
                    streams.values().forEach(ChannelStream::complete);
                    closeConnection();
                    validator.getAndSet(PayloadValidator.NONE).close();
                    devService.stop();
                    done.complete();
                }));
        return done.future();
    }

    /** The dev service's server (its start script) while it runs, for tests that check it has gone. */
    Optional<Long> devServicePid() {
        return devService.pid();
    }

    private void closeConnection() {
        client.stop().ifPresent(stopped -> {
            stopped.publisher().close();
            for (final Connection connection : List.of(stopped.publishing(), stopped.connection())) {
                try {
                    connection.close(5000);
                } catch (final java.io.IOException | RuntimeException e) {
                    LOG.debug("Closing the RabbitMQ connection {} failed", connection.getClientProvidedName(), e);
                }
            }
        });
    }
}
