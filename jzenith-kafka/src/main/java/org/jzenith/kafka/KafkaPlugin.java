package org.jzenith.kafka;

import com.google.inject.Module;
import io.smallrye.config.SmallRyeConfig;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.jzenith.core.PluginContext;
import org.jzenith.core.Validation;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.store.DevServiceLifecycle;
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
import org.jzenith.messaging.spi.UnsupportedMessaging;
import org.jzenith.messaging.stream.ChannelStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the application Kafka: methods annotated {@code @Incoming("channel")} consume a topic, each
 * record on a virtual thread, and {@code @Channel("channel") Emitter<T>} sends to one, completing
 * when the broker has acknowledged. Consumer classes are named here, no classpath is scanned, and
 * Guice makes them, so they inject services.
 *
 * <pre>{@code
 * JZenith.application(args)
 *        .withPlugins(KafkaPlugin.withConsumers(OrderEvents.class)
 *                                .withEmitter("shipments", Shipment.class),
 *                     RestPlugin.withResources(OrderResource.class))
 *        .withConfiguration("kafka.bootstrap-servers", "broker:9092")
 *        .run();
 *
 * public class OrderEvents {
 *     @Inject @Channel("shipments") Emitter<Shipment> shipments;
 *
 *     @Incoming("orders")                        // a plain method runs on a virtual thread
 *     void onOrder(final Order order) {          // JSON, through the application's ObjectMapper
 *         shipments.send(Shipment.of(order)).toCompletableFuture().join();
 *     }
 * }
 * }</pre>
 *
 * <p>A consumed channel reads its topic ({@code kafka.channels.NAME.topic}, the channel's name by
 * default), several ({@code kafka.channels.NAME.topics=a,b,c}) or every topic a regular expression
 * matches ({@code kafka.channels.NAME.pattern=true}), as SmallRye's incoming channels do; a channel sent
 * to takes one topic.
 *
 * <p><b>Delivery.</b> At least once: a record's offset is committed only once its method returned
 * (or what it returned completed). Records of one partition are processed in order, partitions in
 * parallel ({@code kafka.concurrency}); past {@code kafka.max-in-flight} unfinished records the
 * channel pauses fetching. A failed record is tried again ({@code kafka.retries}, with backoff),
 * then sent to the channel's dead-letter topic with headers naming its topic, partition, offset and
 * the failure; a record that cannot be read or breaks its constraints goes there at once. Methods
 * take {@code String}, {@code byte[]}, a JSON type, or the whole {@code ConsumerRecord<K, V>}; they
 * return nothing, a value, {@code CompletionStage}, a Vert.x {@code Future}, RxJava's {@code
 * Single}, {@code Maybe} or {@code Completable}, or Mutiny's {@code Uni}. A method that also has
 * {@code @Outgoing("channel")} is a processor: what it returns is sent there, and its record is done
 * once the broker has that result. {@code @Channel} emitter fields are injected with or without
 * {@code @Inject}; what Reactive Messaging offers and jZenith does not build (streams, producer
 * methods, {@code @Acknowledgment}, ...) stops start-up, naming the member.
 *
 * <p><b>Lifecycle.</b> The plugin starts in the {@link Phase#SERVE} phase, after the stores and
 * migrations, and fails to start, naming {@code kafka.bootstrap-servers}, when the brokers do not
 * answer within {@code kafka.connect-timeout}. Stopping (also on SIGTERM) stops fetching, lets the
 * records at hand finish within {@code kafka.drain-timeout}, commits and leaves the group, then
 * flushes and closes the producer. Plugins of one phase stop in reverse order: name this plugin
 * before the REST plugin, so that requests still draining can send.
 *
 * <p>Settings are under {@code kafka.} ({@link KafkaConfiguration}) and checked with the rest of the
 * configuration before anything starts. {@link #start} and {@link #stop} do not block the caller.
 * The plugin object is immutable.
 */
public final class KafkaPlugin implements ConnectorPlugin {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaPlugin.class);
    private static final String ORIGIN = "KafkaPlugin.withConsumers";
    private static final String SERVICE_NAME = "otel.service.name";
    private static final String BOOTSTRAP_SERVERS = "kafka.bootstrap-servers";

    /** How this plugin's users name consumers and emitters, for the start-up checks' advice. */
    static final UnsupportedMessaging.Registration REGISTRATION = new UnsupportedMessaging.Registration(
            "KafkaPlugin.withConsumers(...)", "KafkaPlugin...withEmitter", "KafkaPlugin...withStream");

    /** How many payloads a subscriber of a {@code @Channel} stream may hold before it holds the channel back. */
    static final int STREAM_BUFFER = 256;

    /** How long a subscriber whose stream buffer is full may hold its channel back before it is cancelled. */
    static final java.time.Duration STREAM_PATIENCE = java.time.Duration.ofSeconds(10);

    /**
     * How often a channel consuming a pattern ({@code kafka.channels.NAME.pattern=true}) looks for topics
     * created since; {@code kafka.client.metadata.max.age.ms} sets it.
     */
    static final java.time.Duration PATTERN_METADATA_AGE = java.time.Duration.ofSeconds(10);

    /** How settings name this connector: {@code messaging.channels.NAME.connector=kafka}. */
    static final ConnectorName CONNECTOR = new ConnectorName("kafka", "smallrye-kafka", "KafkaPlugin");

    private final ChannelDeclarations declarations;
    private final boolean shared;
    private final AtomicReference<Optional<ChannelChoice>> choice = new AtomicReference<>(Optional.empty());
    private final List<Class<?>> consumers;
    private final Map<String, Class<?>> emitters;
    private final Map<String, Class<?>> streamTypes;
    private final Map<String, ChannelStream> streams;
    private final KafkaClients clients = new KafkaClients();
    private final OutboxWiring outbox = new OutboxWiring();
    private final AtomicReference<List<ChannelConsumer>> running = new AtomicReference<>(List.of());
    private final AtomicReference<ProducerChannels> producers = new AtomicReference<>(ProducerChannels.none());
    private final AtomicReference<PayloadValidator> validator = new AtomicReference<>(PayloadValidator.NONE);
    private final DevServiceLifecycle<KafkaDevService.Running> devService =
            DevServiceLifecycle.loggingAs(KafkaPlugin.class);

    private KafkaPlugin(final ChannelDeclarations declarations, final boolean shared) {
        this.declarations = declarations;
        this.shared = shared;
        this.consumers = declarations.consumers();
        this.emitters = declarations.emitters();
        this.streamTypes = declarations.streams();
        this.streams = declarations.newStreams(STREAM_BUFFER, STREAM_PATIENCE);
    }

    /** Kafka without consumers: emitters ({@link #withEmitter}) and the health check. */
    public static KafkaPlugin create() {
        return new KafkaPlugin(ChannelDeclarations.of(), false);
    }

    /**
     * Kafka with {@code consumers}: classes whose {@code @Incoming} methods consume, each made once
     * by Guice. Their methods are checked at start-up with the configuration.
     */
    public static KafkaPlugin withConsumers(final Class<?>... consumers) {
        return new KafkaPlugin(ChannelDeclarations.of(consumers), false);
    }

    /**
     * Kafka serving those of {@code channels} that settings give it, where another connector plugin
     * serves the same declarations ({@code RabbitMqPlugin.serving(channels)}); every one of them where
     * it is the only one. A channel's connector is {@code messaging.channels.NAME.connector=kafka} (or
     * {@code mp.messaging.incoming.NAME.connector=smallrye-kafka}); given no channel, the plugin
     * neither connects nor needs {@code kafka.bootstrap-servers}.
     *
     * <pre>{@code
     * ChannelDeclarations channels = Channels.withConsumers(AuditConsumer.class).withEmitter("users", UserEvent.class);
     * JZenith.application(args).withPlugins(KafkaPlugin.serving(channels), RabbitMqPlugin.serving(channels)).run();
     * }</pre>
     */
    public static KafkaPlugin serving(final ChannelDeclarations channels) {
        return new KafkaPlugin(java.util.Objects.requireNonNull(channels, "channels"), true);
    }

    /**
     * This plugin, also binding {@code @Channel("channel") Emitter<T>} for payloads of {@code type}:
     * {@code String} and {@code byte[]} as they are, anything else as JSON.
     *
     * <pre>{@code
     * KafkaPlugin.create().withEmitter("orders", Order.class);
     * @Inject OrderService(@Channel("orders") Emitter<Order> orders) { ... }
     * }</pre>
     */
    public KafkaPlugin withEmitter(final String channel, final Class<?> type) {
        return new KafkaPlugin(unshared("withEmitter").withEmitter(channel, type), false);
    }

    /**
     * This plugin, also consuming the channel's topic into a stream that {@code @Channel("channel")}
     * injection points of {@code Multi<T>}, {@code Publisher<T>} (Reactive Streams' or the JDK's) or
     * {@code Flowable<T>} receive, for payloads of {@code type}: a live view, such as a resource's
     * server-sent events. Each subscriber gets the records that arrive after it subscribed, as it
     * requests them; a record is committed once every subscriber's buffer ({@value #STREAM_BUFFER}
     * payloads) took it, and a subscriber that holds its buffer full for 10 s is cancelled.
     *
     * <pre>{@code
     * KafkaPlugin.create().withStream("quotes", Quote.class);
     *
     * @Path("/quotes")
     * public class QuoteResource {
     *     @Channel("quotes") Multi<Quote> quotes;           // without @Inject, as Quarkus writes it
     *
     *     @GET @Produces(MediaType.SERVER_SENT_EVENTS)
     *     public Multi<Quote> stream() { return quotes; }
     * }
     * }</pre>
     */
    public KafkaPlugin withStream(final String channel, final Class<?> type) {
        return new KafkaPlugin(unshared("withStream").withStream(channel, type), false);
    }

    /** The declarations, which only a plugin with channels of its own may add to. */
    private ChannelDeclarations unshared(final String method) {
        if (shared) {
            throw new IllegalStateException("KafkaPlugin.serving(channels) serves the channels given: call " + method
                    + " on the channels (Channels.withConsumers(...)." + method + "(...)) that every connector serves");
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

    @Override
    public String name() {
        return "kafka";
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
        final ChannelDeclarations served = declarations.only(chosen.served());
        return List.of(
                new KafkaModule(
                        clients,
                        served.emitters(),
                        servedStreams(),
                        served.streams(),
                        consumers,
                        chosen.owner() ? Optional.of(declared()) : Optional.empty()),
                OutboxWiring.module());
    }

    /** The streams of the channels this plugin serves. */
    private Map<String, ChannelStream> servedStreams() {
        final Map<String, ChannelStream> served = new java.util.LinkedHashMap<>(streams);
        served.keySet().retainAll(choice().served());
        return served;
    }

    @Override
    public List<Class<?>> configurationMappings() {
        final List<Class<?>> mappings = new ArrayList<>(ChannelChoice.MAPPINGS);
        mappings.addFirst(KafkaConfiguration.class);
        return List.copyOf(mappings);
    }

    /**
     * Reports consumer methods that cannot be called, channels consumed twice, pass-through settings
     * Kafka does not know or cannot read, a missing {@code kafka.bootstrap-servers} and, with
     * consumers, a missing group id.
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
                KafkaParameters.INSTANCE,
                validation,
                ORIGIN,
                chosen::serves,
                chosen.owner());
        for (final Class<?> consumer : consumers) {
            for (final IncomingMethod.Found method : IncomingMethod.find(consumer, KafkaParameters.INSTANCE)) {
                if (streamTypes.containsKey(method.channel()) && chosen.serves(method.channel())) {
                    validation.problem(
                            IncomingMethod.describe(consumer, method.method()),
                            ORIGIN,
                            "consumes the channel '" + method.channel() + "', which has a @Channel stream"
                                    + " (KafkaPlugin...withStream) already; one consumer per channel: take the"
                                    + " stream, or remove withStream");
                }
            }
        }
        validation.configuration(KafkaConfiguration.class).ifPresent(configuration -> {
            final Optional<KafkaDevService> dev = validation
                    .configuration(CoreConfiguration.class)
                    .flatMap(core -> KafkaDevService.of(core, configuration));
            if (dev.isPresent()) {
                if (!KafkaDevService.brokerPresent()) {
                    validation.reject(BOOTSTRAP_SERVERS, dev.get().missingBroker());
                }
            } else if (configuration
                    .bootstrapServers()
                    .filter(value -> !value.isBlank())
                    .isEmpty()) {
                validation.reject(
                        BOOTSTRAP_SERVERS, "the Kafka brokers to connect to, such as broker-1:9092,broker-2:9092");
            }
            if (consumes() && groupId(configuration, validation::value).isEmpty()) {
                validation.reject(
                        "kafka.group-id",
                        "the consumer group of the application's consumers, such as orders"
                                + " (or set otel.service.name, its default)");
            }
            // A wrong key is named without its value (it may be a misspelt secret); a wrong value is
            // shown with its source, masked where Kafka types the setting as a password.
            ClientSettings.unusableKeys(configuration.client())
                    .forEach(problem -> validation.problem(
                            problem.key(), "the configuration", "is not valid: expected " + problem.expected()));
            validation.reject(ClientSettings.problems(configuration.client()));
            configuration.channels().keySet().stream()
                    .filter(channel -> !known.contains(channel))
                    .sorted()
                    .forEach(channel -> validation.problem(
                            ChannelKeys.group("kafka", channel),
                            "the configuration",
                            "configures a channel the application neither consumes nor sends to"
                                    + (known.isEmpty() ? "" : "; its channels are " + String.join(", ", known))));
            validation.reject(ChannelSettings.problems(configuration));
            validation.reject(ChannelSettings.sentProblems(
                    configuration,
                    declarations.sent().stream().filter(chosen::serves).toList()));
        });
    }

    /** Whether the application consumes a channel: an {@code @Incoming} method or a stream, which need a group. */
    private boolean consumes() {
        final ChannelChoice chosen = choice();
        return streamTypes.keySet().stream().anyMatch(chosen::serves)
                || consumers.stream()
                        .anyMatch(consumer -> IncomingMethod.find(consumer, KafkaParameters.INSTANCE).stream()
                                .anyMatch(method -> chosen.serves(method.channel())));
    }

    /** The emitters and streams this plugin declares, for the checks of {@code @Channel} injection points. */
    UnsupportedMessaging.Declared declared() {
        return declarations.declared();
    }

    /** The group id: {@code kafka.group-id}, else the application's name ({@code otel.service.name}). */
    static Optional<String> groupId(
            final KafkaConfiguration configuration,
            final java.util.function.Function<String, Optional<String>> values) {
        return configuration.groupId().filter(value -> !value.isBlank()).or(() -> values.apply(SERVICE_NAME)
                .filter(value -> !value.isBlank()));
    }

    /**
     * Connects (the admin client asks the cluster, bounded by {@code kafka.connect-timeout}), makes
     * the producer and starts a consumer per channel; completes once they run.
     */
    @Override
    public Future<Void> start(final PluginContext context) {
        if (choice().idle()) {
            LOG.info("Kafka serves none of the application's channels: not connecting");
            return Future.succeededFuture();
        }
        final Promise<Void> started = Promise.promise();
        Thread.ofVirtual().name("kafka-start").start(() -> {
            try {
                connect(context);
                started.complete();
            } catch (final RuntimeException e) {
                producers.getAndSet(ProducerChannels.none()).stop();
                outbox.stop(java.time.Duration.ofSeconds(5));
                stopClients();
                validator.getAndSet(PayloadValidator.NONE).close();
                devService.stopNow();
                started.fail(e);
            }
        });
        return started.future();
    }

    private void connect(final PluginContext context) {
        final KafkaConfiguration configuration = context.instance(KafkaConfiguration.class);
        final SmallRyeConfig config = context.instance(SmallRyeConfig.class);
        final String bootstrapServers = KafkaDevService.of(context.instance(CoreConfiguration.class), configuration)
                .map(dev -> devService.startNow(dev::start).bootstrapServers())
                .orElseGet(() -> configuration.bootstrapServers().orElseThrow());
        final Map<String, String> client = configuration.client();
        final Admin admin = Admin.create(ClientSettings.admin(bootstrapServers, client));
        final int nodes;
        try {
            nodes = admin.describeCluster(new DescribeClusterOptions()
                            .timeoutMs((int) configuration.connectTimeout().toMillis()))
                    .nodes()
                    .get(configuration.connectTimeout().toMillis() + 1000, TimeUnit.MILLISECONDS)
                    .size();
        } catch (final Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            admin.close(java.time.Duration.ZERO);
            throw new IllegalStateException("cannot connect to Kafka at " + bootstrapServers + " within "
                    + configuration.connectTimeout().toMillis() + " ms: "
                    + Failures.describe(e.getCause() == null ? e : e.getCause())
                    + "; check that Kafka runs and that kafka.bootstrap-servers (and kafka.client.* for TLS or SASL)"
                    + " are right");
        }
        final MemoryBudget budget = MemoryBudget.ofThisJvm();
        final Producer<byte[], byte[]> producer = new KafkaProducer<>(ClientSettings.producer(
                bootstrapServers, configuration.sendTimeout().toMillis(), budget, client));
        clients.start(new KafkaClients.Running(producer, admin, bootstrapServers));

        final PayloadValidator validator = BeanPayloadValidator.of(context.injector());
        this.validator.set(validator);
        final KafkaMetrics metrics = context.instance(KafkaMetrics.class);
        final String group = groupId(configuration, key -> config.getOptionalValue(key, String.class))
                .orElse("");
        final KafkaConnector connector = new KafkaConnector(
                configuration,
                budget,
                clients,
                new DeadLetters(producer, Optional.of(admin)),
                metrics,
                context.instance(KafkaTracing.class),
                group);
        final TopicIds topicIds = TopicIds.of(admin, configuration.connectTimeout());
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
        final List<ChannelConsumer> channels = new ArrayList<>();
        final Map<String, String> topics = new java.util.LinkedHashMap<>();
        for (final ConsumerChannel channel : consumed) {
            final ChannelSettings settings = connector.settings(channel.channel());
            topics.put(settings.channel(), settings.subscription().describe());
            final Map<String, Object> consumerSettings = ClientSettings.consumer(
                    bootstrapServers,
                    group,
                    group + "-" + settings.channel(),
                    Math.min(500, settings.maxInFlight()),
                    budget,
                    client);
            if (settings.subscription() instanceof Subscription.Matching
                    && !client.containsKey(ConsumerConfig.METADATA_MAX_AGE_CONFIG)) {
                // A pattern's consumer finds topics created later when it refreshes its metadata:
                // Kafka's 5 minutes by default, which would leave a new topic unread that long.
                consumerSettings.put(ConsumerConfig.METADATA_MAX_AGE_CONFIG, (int) PATTERN_METADATA_AGE.toMillis());
            }
            final KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerSettings);
            channels.add(new ChannelConsumer(
                    settings,
                    consumer,
                    (record, acknowledged) -> channel.processor()
                            .process(new KafkaInbound(record, topicIds, channel.channel()), acknowledged),
                    metrics,
                    configuration.drainTimeout(),
                    channel.stopping()));
            LOG.info(
                    "Consuming channel '{}' (topics {}, dead letters to {}) with {} as group {}",
                    settings.channel(),
                    settings.subscription().describe(),
                    settings.deadLetterTopic(),
                    channel.describe(),
                    group);
        }
        final boolean idempotent = consumed.stream().anyMatch(ConsumerChannel::idempotent);
        producers.set(ProducerChannels.start(consumers, context.injector(), connector, chosen::serves));
        running.set(List.copyOf(channels));
        clients.consuming(topics);
        channels.forEach(ChannelConsumer::start);
        outbox.start(
                context.injector(),
                name(),
                new OutboxSender(producer, configuration, context.instance(KafkaTracing.class)),
                idempotent);
        LOG.info(
                "Connected to Kafka at {} ({} node{}); {} consumer{}, {} emitter{}, {} producer method{}",
                bootstrapServers,
                nodes,
                nodes == 1 ? "" : "s",
                channels.size(),
                channels.size() == 1 ? "" : "s",
                served(emitters),
                served(emitters) == 1 ? "" : "s",
                producers.get().size(),
                producers.get().size() == 1 ? "" : "s");
    }

    /**
     * Stops the consumers (each drains within {@code kafka.drain-timeout}, commits and leaves its
     * group), then flushes and closes the producer and the admin client.
     */
    @Override
    public Future<Void> stop(final PluginContext context) {
        if (choice().idle()) {
            return Future.succeededFuture();
        }
        final List<ChannelConsumer> channels = running.getAndSet(List.of());
        final CompletableFuture<Void> produced =
                producers.getAndSet(ProducerChannels.none()).stop();
        // The relay stops beside the consumers, before the clients close and the stores stop after.
        final CompletableFuture<?>[] stopped = java.util.stream.Stream.concat(
                        channels.stream().map(ChannelConsumer::stop),
                        java.util.stream.Stream.of(outbox.stopping(), produced))
                .toArray(CompletableFuture[]::new);
        final Promise<Void> done = Promise.promise();
        CompletableFuture.allOf(stopped).whenComplete((ignored, failure) -> Thread.ofVirtual()
                .name("kafka-stop")
                .start(() -> {
                    streams.values().forEach(ChannelStream::complete);
                    stopClients();
                    validator.getAndSet(PayloadValidator.NONE).close();
                    devService.stopNow();
                    done.complete();
                }));
        return done.future();
    }

    /** How many of {@code declared} channels this plugin serves. */
    private long served(final Map<String, Class<?>> declared) {
        return declared.keySet().stream().filter(choice()::serves).count();
    }

    /** The dev service's broker process while it runs, for tests that check it has gone. */
    Optional<Long> devServicePid() {
        return devService.pid();
    }

    /** The consumer of {@code channel} while the plugin runs, for tests that watch its back-pressure. */
    Optional<ChannelConsumer> consumer(final String channel) {
        return running.get().stream()
                .filter(consumer -> consumer.channel().equals(channel))
                .findFirst();
    }

    private void stopClients() {
        clients.stop().ifPresent(stopped -> {
            try {
                stopped.producer().close(java.time.Duration.ofSeconds(5));
            } catch (final RuntimeException e) {
                LOG.debug("Closing the Kafka producer failed", e);
            }
            try {
                stopped.admin().close(java.time.Duration.ofSeconds(1));
            } catch (final RuntimeException e) {
                LOG.debug("Closing the Kafka admin client failed", e);
            }
        });
    }
}
