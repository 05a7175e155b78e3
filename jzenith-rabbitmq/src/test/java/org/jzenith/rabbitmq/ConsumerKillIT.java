package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.test.Await;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A consumer killed with SIGKILL in the middle of a batch: its JVM has processed a message it never
 * acknowledged and holds the prefetch behind it; the broker delivers all of them again to the next
 * consumer. Every message is consumed at least once, and the duplicates are no more than the
 * prefetch.
 */
class ConsumerKillIT {

    private static final Logger LOG = LoggerFactory.getLogger(ConsumerKillIT.class);
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final int MESSAGES = 200;
    private static final int PREFETCH = 10;
    private static final int STALL_AT = 50;

    @Test
    void everyMessageIsConsumedAgainAfterTheKillAndTheDuplicatesAreBoundedByThePrefetch() throws Exception {
        try (Broker broker = new Broker()) {
            final String queue = broker.unique("killed");
            final Path folder = Files.createTempDirectory("consumer-kill");
            final Path records = folder.resolve("records");
            final List<String> settings = List.of(
                    "--rabbitmq.host=" + Broker.HOST,
                    "--rabbitmq.port=" + Broker.PORT,
                    "--rabbitmq.channels.batch.exchange=" + queue,
                    "--rabbitmq.channels.batch.queue=" + queue,
                    "--rabbitmq.channels.batch.prefetch=" + PREFETCH);

            final Process first = start(records, settings, folder.resolve("first.log"));
            try {
                Await.until(WAIT, "the first consumer on " + queue, () -> {
                    if (!first.isAlive()) {
                        throw new AssertionError("the consumer ended: " + read(folder.resolve("first.log")));
                    }
                    return broker.queueExists(queue) && broker.consumers(queue) == 1;
                });
                for (int i = 0; i < MESSAGES; i++) {
                    broker.publish(queue, "batch", ("m-" + i).getBytes(StandardCharsets.UTF_8));
                }
                // the messages before the stall acknowledged, the stalled one and the prefetch behind it held
                Await.until(
                        WAIT,
                        "the consumer stalled on m-" + STALL_AT + " holding " + PREFETCH + " deliveries",
                        () -> lines(records).size() == STALL_AT + 1
                                && broker.ready(queue) == MESSAGES - STALL_AT - PREFETCH);
            } finally {
                first.destroyForcibly(); // SIGKILL: nothing acknowledged, nothing closed
                assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
            }
            final int beforeKill = lines(records).size();

            final JZenith second = JZenith.application(settings.toArray(String[]::new))
                    .withPlugins(RabbitMqPlugin.withConsumers(RecordingConsumer.class))
                    .withModules(binder -> binder.bind(RecordingConsumer.Recording.class)
                            .toInstance(new RecordingConsumer.Recording(records, "")))
                    .start();
            try {
                Await.until(
                        WAIT,
                        "every message consumed",
                        () -> new HashSet<>(lines(records)).size() == MESSAGES && broker.ready(queue) == 0);
            } finally {
                second.stop();
            }

            final List<String> consumed = lines(records);
            final Set<String> distinct = new HashSet<>(consumed);
            final int duplicates = consumed.size() - distinct.size();
            LOG.info(
                    "{} messages, {} consumed before the kill, {} deliveries in all, {} duplicates (prefetch {})",
                    MESSAGES,
                    beforeKill,
                    consumed.size(),
                    duplicates,
                    PREFETCH);
            assertThat(distinct)
                    .containsExactlyInAnyOrderElementsOf(
                            IntStream.range(0, MESSAGES).mapToObj(i -> "m-" + i).toList());
            assertThat(consumed)
                    .as("the stalled message was processed and never acknowledged: delivered again")
                    .filteredOn(message -> message.equals("m-" + STALL_AT))
                    .hasSize(2);
            assertThat(duplicates).as("duplicates").isBetween(1, PREFETCH);
        }
    }

    /** {@link KilledConsumerMain} in a JVM of its own, its output in {@code log}. */
    private static Process start(final Path records, final List<String> settings, final Path log) throws IOException {
        final String java = ProcessHandle.current().info().command().orElse("java");
        final List<String> command = new java.util.ArrayList<>(List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                KilledConsumerMain.class.getName(),
                records.toString(),
                "m-" + STALL_AT));
        command.addAll(settings);
        final Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        process.getOutputStream().close();
        return process;
    }

    private static List<String> lines(final Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(final Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (final IOException e) {
            return "";
        }
    }
}
