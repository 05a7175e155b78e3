package org.jzenith.messaging.inprocess;

import com.google.inject.Injector;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.jzenith.messaging.consumer.BeanPayloadValidator;
import org.jzenith.messaging.consumer.ConsumerChannel;
import org.jzenith.messaging.consumer.ConsumerChannels;
import org.jzenith.messaging.consumer.FailedChannels;
import org.jzenith.messaging.consumer.PayloadValidator;
import org.jzenith.messaging.producer.ProducerChannels;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.UnsupportedMessaging;
import org.jzenith.messaging.stream.ChannelStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The in-process channels while they run: made at start from the consumer classes, their producer
 * methods called, and stopped by draining (producers cancelled, then every message in flight taken to
 * its end within the drain timeout, then the channels closed, what is left failing its sender).
 * Thread-safe.
 */
final class InProcessRuntime {

    private static final Logger LOG = LoggerFactory.getLogger(InProcessRuntime.class);

    /** How many messages wait for one consumer before a send blocks. */
    static final int BUFFER = 128;

    /** How long a send blocks on a full buffer before it fails. */
    static final Duration PATIENCE = Duration.ofSeconds(10);

    /** How long stopping waits for the messages in flight. */
    static final Duration DRAIN = Duration.ofSeconds(10);

    static final UnsupportedMessaging.Registration REGISTRATION = new UnsupportedMessaging.Registration(
            "InProcessPlugin.withConsumers(...)", "InProcessPlugin...withEmitter", "InProcessPlugin...withStream");

    private final FailedChannels failed = new FailedChannels();
    private final InFlight inFlight = new InFlight();
    private final AtomicReference<Optional<Running>> running = new AtomicReference<>(Optional.empty());
    private final Map<String, Outbound> outbounds = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile boolean draining;

    /** The {@code @Channel} streams of the channels served, and every declared stream's payload type. */
    record Streams(Map<String, ChannelStream> served, Map<String, Class<?>> types) {}

    private record Running(
            InProcessConnector connector,
            Map<String, InProcessChannel> channels,
            ProducerChannels producers,
            PayloadValidator validator) {}

    FailedChannels failed() {
        return failed;
    }

    /** How many channels run; empty while they do not. */
    Optional<Integer> running() {
        return running.get().map(found -> found.channels().size());
    }

    /** While stopping waits for the messages in flight: how many are. */
    Optional<Long> draining() {
        return draining ? Optional.of(inFlight.count()) : Optional.empty();
    }

    /** Sends to {@code channel} while the channels run; fails its sends before and after. */
    Outbound outbound(final String channel) {
        return outbounds.computeIfAbsent(channel, name -> new InProcessOutbound() {
            @Override
            public java.util.concurrent.CompletionStage<Void> send(
                    final org.jzenith.messaging.spi.OutboundMessage message) {
                return running.get()
                        .map(found -> found.connector().outbound(name).send(message))
                        .orElseGet(() -> CompletableFuture.failedFuture(new IllegalStateException("the in-process"
                                + " channel '" + name + "' does not run: the application has not started or is"
                                + " stopping")));
            }

            @Override
            public boolean open() {
                return running.get()
                        .map(found -> found.connector().outbound(name).open())
                        .orElse(false);
            }
        });
    }

    /**
     * Starts the channels {@code serves} of {@code consumers} and {@code streams}, with {@code policies} from the settings and
     * the producer methods of the channels of {@code turns} taking turns ({@code @Merge(ONE)}, {@code
     * CONCAT}).
     */
    void start(
            final List<Class<?>> consumers,
            final Streams streams,
            final Injector injector,
            final Predicate<String> serves,
            final Map<String, InProcessConnector.Policy> policies,
            final Map<String, io.smallrye.reactive.messaging.annotations.Merge.Mode> turns) {
        final InProcessConnector connector = new InProcessConnector(
                policies,
                new InProcessMetrics(injector.getInstance(MeterRegistry.class)),
                failed,
                new InProcessTracing(injector.getInstance(io.opentelemetry.api.OpenTelemetry.class)));
        final PayloadValidator validator = BeanPayloadValidator.of(injector);
        final Map<String, InProcessChannel> channels = new LinkedHashMap<>();
        for (final ConsumerChannel consumer :
                ConsumerChannels.of(consumers, injector, connector, validator, failed, serves)) {
            channels.computeIfAbsent(
                            consumer.channel(),
                            name -> new InProcessChannel(name, BUFFER, PATIENCE, inFlight, connector::stoppedBecause))
                    .add(consumer);
            LOG.info("Consuming in-process channel '{}' with {}", consumer.channel(), consumer.describe());
        }
        for (final ConsumerChannel stream :
                ConsumerChannels.ofStreams(streams.served(), streams.types(), injector, connector, validator, failed)) {
            channels.computeIfAbsent(
                            stream.channel(),
                            name -> new InProcessChannel(name, BUFFER, PATIENCE, inFlight, connector::stoppedBecause))
                    .add(stream);
            LOG.info("Feeding the @Channel stream of in-process channel '{}'", stream.channel());
        }
        connector.run(channels);
        channels.values().forEach(InProcessChannel::start);
        final ProducerChannels producers = ProducerChannels.start(consumers, injector, connector, serves, turns);
        running.set(Optional.of(new Running(connector, Map.copyOf(channels), producers, validator)));
        LOG.info(
                "In-process channels run: {} ({} producer method{})",
                String.join(", ", new java.util.TreeSet<>(channels.keySet())),
                producers.size(),
                producers.size() == 1 ? "" : "s");
    }

    /** Drains and stops the channels; blocks, at most about the drain timeout. */
    void stop() {
        final Optional<Running> stopped = running.get();
        if (stopped.isEmpty()) {
            return;
        }
        draining = true;
        try {
            stopped.get().producers().stop().get(DRAIN.toMillis(), TimeUnit.MILLISECONDS);
            final long left = inFlight.awaitNone(DRAIN);
            if (left > 0) {
                LOG.warn(
                        "{} in-process message{} not done within {} s of stopping; their senders get a failure",
                        left,
                        left == 1 ? " was" : "s were",
                        DRAIN.toSeconds());
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (final java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            LOG.warn("The in-process producer methods did not stop within {} s: {}", DRAIN.toSeconds(), e.toString());
        } finally {
            draining = false;
            running.set(Optional.empty());
            stopped.get().channels().values().forEach(InProcessChannel::close);
            stopped.get().validator().close();
        }
    }
}
