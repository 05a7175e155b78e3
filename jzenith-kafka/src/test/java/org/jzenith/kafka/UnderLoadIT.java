package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * The consumer under load against a broker of the test's own (three partitions per topic):
 * back-pressure bounds what a slow consumer holds however far the topic runs ahead, and a second
 * instance joining and leaving the group takes partitions without losing a record.
 */
class UnderLoadIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(3);

    private static final Duration WAIT = Duration.ofSeconds(180);
    private static final int MAX_IN_FLIGHT = 50;

    private final String bulk = Topics.unique("bulk");
    private final String group = Topics.unique("group");
    private final Topics topics = new Topics(KAFKA.bootstrapServers());
    private final List<JZenith> apps = new ArrayList<>();

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
        topics.close();
    }

    private record Instance(JZenith app, KafkaPlugin plugin, Tally tally) {}

    @BeforeEach
    void createTopic() throws Exception {
        topics.create(bulk, 3);
    }

    private Instance start(final Tally.Seen seen) {
        final Tally tally = new Tally(seen);
        final KafkaPlugin plugin = KafkaPlugin.withConsumers(BulkConsumer.class);
        final JZenith app = JZenith.application()
                .withPlugins(plugin)
                .withModules(binder -> binder.bind(Tally.class).toInstance(tally))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", group)
                .withConfiguration("kafka.channels.bulk.topic", bulk)
                .withConfiguration("kafka.max-in-flight", MAX_IN_FLIGHT);
        apps.add(app);
        app.start();
        return new Instance(app, plugin, tally);
    }

    private static String padded(final int number, final int bytes) {
        final StringBuilder value = new StringBuilder(bytes).append(number).append(':');
        while (value.length() < bytes) {
            value.append('x');
        }
        return value.toString();
    }

    private static long heapUsedAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    @Test
    void aSlowConsumerHoldsAtMostMaxInFlightAndItsHeapStaysFlatWhileTheTopicGrows() throws Exception {
        final Tally.Seen seen = new Tally.Seen();
        final Instance instance = start(seen);
        instance.tally().delayMillis = 20; // about 150 records a second over three partitions
        final ChannelConsumer consumer = instance.plugin().consumer("bulk").orElseThrow();
        final int recordBytes = 4096;
        topics.sendMany(bulk, 0, 500, i -> "k" + i, i -> padded(i, recordBytes));
        Await.until(WAIT, "the consumer has begun", () -> seen.count() > 0);

        final AtomicInteger mostRecords = new AtomicInteger();
        final AtomicLong mostBytes = new AtomicLong();
        final AtomicBoolean pausedSeen = new AtomicBoolean();
        // A probe every 5 ms for the most in flight while the records are sent: a sampling period, not a wait.
        final ScheduledExecutorService watcher = Executors.newSingleThreadScheduledExecutor();
        watcher.scheduleAtFixedRate(
                () -> {
                    mostRecords.accumulateAndGet(consumer.inFlight(), Math::max);
                    mostBytes.accumulateAndGet(consumer.inFlightBytes(), Math::max);
                    pausedSeen.compareAndSet(false, consumer.paused());
                },
                0,
                5,
                TimeUnit.MILLISECONDS);
        final long before = heapUsedAfterGc();
        // 20,000 records of 4 KiB: 80 MiB the consumer is far behind on
        final int total = 20_500;
        for (int from = 500; from < total; from += 1_000) {
            topics.sendMany(bulk, from, 1_000, i -> "k" + i, i -> padded(i, recordBytes));
        }
        final long after = heapUsedAfterGc();
        final int doneWhenSent = seen.count();
        watcher.shutdown();
        assertThat(watcher.awaitTermination(10, TimeUnit.SECONDS)).isTrue();

        assertThat(doneWhenSent).as("records done when the last was sent").isLessThan(total);
        assertThat(pausedSeen).as("fetching was paused").isTrue();
        // what is in flight: at most max-in-flight, and one poll's worth (max.poll.records is
        // max-in-flight) fetched before the pause
        assertThat(mostRecords.get()).isLessThanOrEqualTo(2 * MAX_IN_FLIGHT);
        // each record weighs its key, value and the objects around them (InFlight.held)
        assertThat(mostBytes.get())
                .isLessThanOrEqualTo(2L * MAX_IN_FLIGHT * (recordBytes + 16 + InFlight.RECORD_OVERHEAD));
        // the 80 MiB the consumer is behind stay in the broker: the heap holds the records in
        // flight and a fetch or two (max.partition.fetch.bytes of three partitions) at most
        assertThat(after - before).as("heap growth in bytes").isLessThan(24L << 20);

        instance.tally().delayMillis = 0;
        Await.until(WAIT, "every record is done", () -> seen.count() == total);
        assertThat(seen.duplicates()).isZero();
    }

    @Test
    void aSecondInstanceJoiningAndLeavingUnderLoadTakesPartitionsAndNothingIsLost() throws Exception {
        final Tally.Seen seen = new Tally.Seen();
        final Instance first = start(seen);
        first.tally().delayMillis = 2;
        final int total = 30_000;
        final AtomicBoolean failed = new AtomicBoolean();
        // 300 records every 100 ms, so that the load spans the second instance's join and leave: a send rate.
        final AtomicInteger next = new AtomicInteger();
        final CountDownLatch allSent = new CountDownLatch(1);
        final ScheduledExecutorService sender = Executors.newSingleThreadScheduledExecutor();
        sender.scheduleAtFixedRate(
                () -> {
                    final int from = next.getAndAdd(300);
                    if (from >= total) {
                        allSent.countDown();
                        return;
                    }
                    try {
                        topics.sendMany(bulk, from, 300, i -> "k" + i, i -> padded(i, 100));
                    } catch (final Exception e) {
                        failed.set(true);
                        allSent.countDown();
                    }
                },
                0,
                100,
                TimeUnit.MILLISECONDS);
        Await.until(
                WAIT, "the first instance is at work", () -> first.tally().taken.get() >= 500);

        final Instance second = start(seen);
        second.tally().delayMillis = 2;
        Await.until(
                WAIT,
                "the second instance was given partitions and took records",
                () -> second.tally().taken.get() >= 300);
        final int takenBeforeLeaving = first.tally().taken.get();
        second.app().stop(); // leaves the group: its partitions go back to the first instance
        apps.remove(second.app());
        Await.until(
                WAIT,
                "the first instance took records after the second left",
                () -> first.tally().taken.get() > takenBeforeLeaving + 300);
        assertThat(allSent.await(WAIT.toSeconds(), TimeUnit.SECONDS))
                .as("every record sent")
                .isTrue();
        sender.shutdownNow();
        assertThat(failed).as("sending failed").isFalse();

        Await.until(WAIT, "every record is done", () -> seen.count() == total);
        assertThat(seen.firstMissing(total)).isEqualTo(-1);
        assertThat(second.tally().taken.get()).isGreaterThan(0);
        // Processed offsets are committed before partitions move, so a record comes again only
        // when it was in flight at a rebalance: two rebalances, at most max-in-flight each.
        assertThat(seen.duplicates()).isLessThanOrEqualTo(2 * MAX_IN_FLIGHT);
    }
}
