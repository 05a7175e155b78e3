package org.jzenith.benchmarks.rabbitmqclients;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One measurement of one client, printed as a JSON line, for benchmarks/rabbitmq-clients.sh:
 *
 * <pre>
 * ClientBench HOST PORT amqp|vertx MESSAGES RATE PREFETCH   # RATE 0: as fast as confirms allow
 * </pre>
 *
 * <p>Declares a new, uniquely named exchange and queue, sends MESSAGES messages of 100 bytes to it
 * (at most {@value #OUTSTANDING} unconfirmed) and consumes them in the same JVM, then deletes what it
 * declared. Messages/s counts from the first send to the ack of the last; latency is send → consumed
 * → acked.
 */
public final class ClientBench {

    /** Messages sent and not yet confirmed, at most: the same window as benchmarks/rabbitmq.sh's. */
    static final int OUTSTANDING = 1_000;

    private static final int PAYLOAD = 100;

    private ClientBench() {}

    public static void main(final String... args) throws Exception {
        final String host = args[0];
        final int port = Integer.parseInt(args[1]);
        final String variant = args[2];
        final int messages = Integer.parseInt(args[3]);
        final int rate = Integer.parseInt(args[4]);
        final Topology topology = new Topology("jz-clients-" + UUID.randomUUID(), Integer.parseInt(args[5]));
        final Latencies latencies = new Latencies();
        try (Client client =
                switch (variant) {
                    case "amqp" -> AmqpClient.start(host, port, topology, latencies);
                    case "vertx" -> VertxClient.start(host, port, topology, latencies);
                    default -> throw new IllegalArgumentException("amqp or vertx, not " + variant);
                }) {
            // a first message: both sides run and the path is warm enough to count
            latencies.reset(1);
            client.send(body()).toCompletableFuture().get(60, TimeUnit.SECONDS);
            latencies.await(1, 60_000);
            latencies.reset(messages);
            final long start = System.nanoTime();
            send(client, messages, rate, start);
            latencies.await(messages, 300_000);
            final double seconds = (System.nanoTime() - start) / 1e9;
            final long[] sorted = latencies.sorted();
            System.out.printf(
                    "{\"variant\":\"%s\",\"messages\":%d,\"rate\":%d,\"seconds\":%.3f,\"messages_per_s\":%.0f,"
                            + "\"p50_ms\":%.2f,\"p99_ms\":%.2f,\"max_ms\":%.2f}%n",
                    variant,
                    messages,
                    rate,
                    seconds,
                    messages / seconds,
                    percentile(sorted, 0.50),
                    percentile(sorted, 0.99),
                    sorted[sorted.length - 1] / 1e6);
        } finally {
            delete(host, port, topology.name());
        }
        System.exit(0);
    }

    private static void send(final Client client, final int messages, final int rate, final long start)
            throws InterruptedException {
        final Semaphore window = new Semaphore(OUTSTANDING);
        final long interval = rate > 0 ? 1_000_000_000L / rate : 0;
        for (int i = 0; i < messages; i++) {
            if (interval > 0) {
                final long due = start + i * interval;
                while (System.nanoTime() < due) {
                    LockSupport.parkNanos(due - System.nanoTime());
                }
            }
            window.acquire();
            client.send(body()).whenComplete((ok, failure) -> {
                window.release();
                if (failure != null) {
                    System.err.println("a send failed: " + failure);
                    System.exit(1);
                }
            });
        }
    }

    private static byte[] body() {
        final StringBuilder body = new StringBuilder(PAYLOAD).append(System.nanoTime()).append(':');
        while (body.length() < PAYLOAD) {
            body.append('x');
        }
        return body.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static double percentile(final long[] sorted, final double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
    }

    private static void delete(final String host, final int port, final String name) throws Exception {
        final ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(host);
        factory.setPort(port);
        try (Connection connection = factory.newConnection("clients-delete")) {
            final Channel channel = connection.createChannel();
            channel.queueDelete(name);
            channel.exchangeDelete(name);
        }
    }
}
