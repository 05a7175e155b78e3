package org.jzenith.benchmarks.rabbitmq;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.LockSupport;
import org.jzenith.core.JZenith;
import org.jzenith.rabbitmq.RabbitMqConfiguration;
import org.jzenith.rabbitmq.RabbitMqPlugin;

/**
 * One measurement, printed as a JSON line, for benchmarks/rabbitmq.sh; run with the jar as its own
 * agent ({@code java -javaagent:JAR -jar JAR ...}, {@link AckHook}):
 *
 * <pre>
 * RabbitBench run HOST PORT jzenith|bare MESSAGES RATE      # RATE 0: as fast as confirms allow
 * RabbitBench flood HOST PORT EXCHANGE ROUTING_KEY QUEUE SECONDS RATE   # user events; queue depth each second
 * RabbitBench probe HOST PORT                               # the server's product, version and platform
 * RabbitBench delete HOST PORT queue:NAME|exchange:NAME...
 * RabbitBench broker PORT DISTRIBUTION_PORT FOLDER          # a private node until SIGTERM
 * </pre>
 *
 * <p>{@code run} declares a new, uniquely named exchange and queue, sends MESSAGES messages of 100
 * bytes to it and consumes them in the same JVM, then deletes what it declared: {@code jzenith}
 * through {@link RabbitMqPlugin} with its defaults (an emitter and an {@code @Incoming} method that
 * does nothing; a durable quorum queue, prefetch 100), {@code bare} through the amqp-client ({@link
 * Bare}). Both send at most {@value #OUTSTANDING} messages unconfirmed. Messages/s counts from the
 * first send to the ack of the last; latency is send → consumed → acked ({@link AckLatency}).
 */
public final class RabbitBench {

    /** Messages sent and not yet confirmed, at most. */
    static final int OUTSTANDING = 1_000;

    private static final int PAYLOAD = 100;

    private RabbitBench() {}

    public static void main(final String... args) throws Exception {
        switch (args[0]) {
            case "run" ->
                run(
                        factory(args[1], args[2]),
                        args[3],
                        Integer.parseInt(args[4]),
                        Integer.parseInt(args[5]),
                        args.length > 6 ? Integer.parseInt(args[6]) : 1);
            case "flood" ->
                Flood.run(
                        factory(args[1], args[2]),
                        args[3],
                        args[4],
                        args[5],
                        Integer.parseInt(args[6]),
                        Integer.parseInt(args[7]));
            case "probe" -> probe(factory(args[1], args[2]));
            case "delete" -> delete(factory(args[1], args[2]), Arrays.copyOfRange(args, 3, args.length));
            case "broker" -> PrivateBroker.run(Integer.parseInt(args[1]), Integer.parseInt(args[2]), Path.of(args[3]));
            default -> throw new IllegalArgumentException("run, flood, probe, delete or broker, not " + args[0]);
        }
        System.exit(0);
    }

    private static ConnectionFactory factory(final String host, final String port) {
        final ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(host);
        factory.setPort(Integer.parseInt(port));
        factory.setConnectionTimeout(5000);
        return factory;
    }

    private static void run(
            final ConnectionFactory factory, final String variant, final int messages, final int rate, final int warmup)
            throws Exception {
        final String name = "jz-bench-" + UUID.randomUUID();
        AckLatency.reset(1);
        final Variant running =
                switch (variant) {
                    case "jzenith" -> jzenith(factory, name);
                    case "bare" -> Bare.start(factory, name, jzenithPrefetch());
                    default -> throw new IllegalArgumentException(variant);
                };
        try {
            if (!AckHook.installed()) {
                throw new IllegalStateException(
                        "the client's basicAck is not hooked: run with -javaagent:jzenith-rabbitmq-benchmark.jar");
            }
            // warm-up messages first, uncounted, as fast as confirms allow: the consumer runs, and the JIT has
            // compiled the path a measurement of seconds would otherwise spend compiling (kafka.sh does the same)
            AckLatency.reset(warmup);
            send(running, warmup, 0);
            awaitDone(warmup, Duration.ofMinutes(5));
            AckLatency.reset(messages);
            final long start = send(running, messages, rate);
            awaitDone(messages, Duration.ofMinutes(5));
            final double seconds = (System.nanoTime() - start) / 1e9;
            final long[] latencies = AckLatency.latencies();
            Arrays.sort(latencies);
            final long[] toConsumed = AckLatency.toConsumed();
            Arrays.sort(toConsumed);
            System.out.printf(
                    "{\"variant\":\"%s\",\"messages\":%d,\"rate\":%d,\"seconds\":%.3f,\"messages_per_s\":%.0f,"
                            + "\"p50_ms\":%.2f,\"p99_ms\":%.2f,\"max_ms\":%.2f,\"acks_per_message\":%.3f,"
                            + "\"consumed_p50_ms\":%.2f,\"consumed_p99_ms\":%.2f}%n",
                    variant,
                    messages,
                    rate,
                    seconds,
                    messages / seconds,
                    percentile(latencies, 0.50),
                    percentile(latencies, 0.99),
                    latencies[latencies.length - 1] / 1e6,
                    (double) AckLatency.acks() / messages,
                    percentile(toConsumed, 0.50),
                    percentile(toConsumed, 0.99));
        } finally {
            running.stop().run();
            // what either variant declared: jZenith's channel adds its dead letters' exchange and queue
            delete(factory, "queue:" + name, "queue:" + name + ".dlq", "exchange:" + name, "exchange:" + name + ".dlx");
        }
    }

    /** Sends {@code messages}, at {@code rate} a second (0: as fast as confirms allow); returns when it began. */
    private static long send(final Variant running, final int messages, final int rate) throws InterruptedException {
        final Semaphore window = new Semaphore(OUTSTANDING);
        final long start = System.nanoTime();
        final long interval = rate > 0 ? 1_000_000_000L / rate : 0;
        for (int i = 0; i < messages; i++) {
            if (interval > 0) {
                final long due = start + i * interval;
                while (System.nanoTime() < due) {
                    LockSupport.parkNanos(due - System.nanoTime());
                }
            }
            window.acquire();
            running.send().apply(value()).whenComplete((ok, failure) -> {
                window.release();
                if (failure != null) {
                    System.err.println("a send failed: " + failure);
                    System.exit(1);
                }
            });
        }
        return start;
    }

    private static Variant jzenith(final ConnectionFactory factory, final String name) {
        final JZenith app = JZenith.application(
                        "--rabbitmq.host=" + factory.getHost(),
                        "--rabbitmq.port=" + factory.getPort(),
                        "--rabbitmq.channels.bench-in.exchange=" + name,
                        "--rabbitmq.channels.bench-in.queue=" + name,
                        "--rabbitmq.channels.bench-out.exchange=" + name)
                .withPlugins(RabbitMqPlugin.withConsumers(Sink.class).withEmitter("bench-out", String.class))
                .start();
        final Source source = app.instance(Source.class);
        return new Variant(source.emitter::send, app::stop);
    }

    /** jZenith's default {@code rabbitmq.prefetch}, which the bare consumer takes too. */
    private static int jzenithPrefetch() throws NoSuchMethodException {
        return Integer.parseInt(RabbitMqConfiguration.class
                .getMethod("prefetch")
                .getAnnotation(WithDefault.class)
                .value());
    }

    private static void probe(final ConnectionFactory factory) throws Exception {
        try (Connection connection = factory.newConnection("bench-probe")) {
            final Map<String, Object> server = connection.getServerProperties();
            System.out.printf(
                    "{\"product\":\"%s\",\"version\":\"%s\",\"platform\":\"%s\"}%n",
                    server.get("product"), server.get("version"), server.get("platform"));
        }
    }

    /** Deletes the queues and exchanges named {@code queue:NAME} and {@code exchange:NAME}; missing ones are no error. */
    private static void delete(final ConnectionFactory factory, final String... names) throws Exception {
        try (Connection connection = factory.newConnection("bench-delete")) {
            final Channel channel = connection.createChannel();
            for (final String named : names) {
                final String name = named.substring(named.indexOf(':') + 1);
                if (named.startsWith("queue:")) {
                    channel.queueDelete(name);
                } else if (named.startsWith("exchange:")) {
                    channel.exchangeDelete(name);
                } else {
                    throw new IllegalArgumentException("queue:NAME or exchange:NAME, not " + named);
                }
            }
        }
    }

    private static void awaitDone(final long messages, final Duration timeout) {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (AckLatency.done() < messages) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "only " + AckLatency.done() + " of " + messages + " messages acked in " + timeout);
            }
            LockSupport.parkNanos(1_000_000);
        }
    }

    private static String value() {
        final StringBuilder value =
                new StringBuilder(PAYLOAD).append(System.nanoTime()).append(':');
        while (value.length() < PAYLOAD) {
            value.append('x');
        }
        return value.toString();
    }

    private static double percentile(final long[] sorted, final double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
    }
}
