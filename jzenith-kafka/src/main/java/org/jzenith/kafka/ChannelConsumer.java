package org.jzenith.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.jzenith.messaging.spi.CommitStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Consumes one channel, of one topic, several or a pattern's ({@link Subscription}): a poll loop on a thread of its own hands each partition's records to its
 * {@link PartitionWorker} and commits the offsets of what is done. Nothing is committed before it is
 * done, so a crash delivers again what was not finished, never loses it. When, is the channel's {@link
 * CommitStrategy}: {@code throttled} (the default) commits what is done with one commit in flight at a
 * time; {@code latest} commits after every record that moves a partition's offset, each on its own.
 *
 * <p>Back-pressure: past {@code max-in-flight} records fetched and not done, the loop stops polling
 * until half of them are done; still full after a poll interval, it pauses every partition (it keeps
 * polling, so the group keeps it), and resumes them once fewer are in flight.
 * On a rebalance, the partitions given up finish the record at hand (within the drain timeout) and
 * their offsets are committed before the poll returns. On {@link #stop}, the loop stops fetching,
 * waits for the records at hand within the drain timeout, commits and leaves the group.
 *
 * <p>The Kafka consumer is used by the poll thread only; {@link #stop} may be called from any thread.
 */
final class ChannelConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(ChannelConsumer.class);
    private static final Duration POLL = Duration.ofMillis(100);
    // While records are in flight or a commit is unanswered, a poll waits at most this long: offsets are
    // committed by this thread after a poll, so a record finished while the poll waits for new records
    // (none come at the end of a burst or at a low rate) would otherwise wait up to POLL to be committed.
    private static final Duration POLL_WHILE_IN_FLIGHT = Duration.ofMillis(5);
    private static final Duration POLL_FAILURE_WAIT = Duration.ofSeconds(1);

    private final ChannelSettings settings;
    private final Consumer<byte[], byte[]> consumer;
    private final PartitionWorker.Processing processor;
    private final KafkaMetrics metrics;
    private final Duration drainTimeout;
    private final CountDownLatch stopping;
    private final ExecutorService threads;
    private final Semaphore concurrency;
    private final InFlight inFlight;
    private final Map<TopicPartition, PartitionWorker> workers = new HashMap<>();
    private final Map<TopicPartition, Long> committed = new HashMap<>();
    /** The offsets to commit one by one ({@code latest}), in the order they moved; empty otherwise. */
    private final Queue<Moved> moved = new ConcurrentLinkedQueue<>();

    private final PartitionWorker.Moved movedTo;
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private volatile boolean paused;
    /** Whether an asynchronous commit awaits the broker's answer; the poll thread's alone. */
    private boolean committing;

    ChannelConsumer(
            final ChannelSettings settings,
            final Consumer<byte[], byte[]> consumer,
            final PartitionWorker.Processing processor,
            final KafkaMetrics metrics,
            final Duration drainTimeout,
            final CountDownLatch stopping) {
        this.settings = settings;
        this.consumer = consumer;
        this.processor = processor;
        this.metrics = metrics;
        this.drainTimeout = drainTimeout;
        this.stopping = stopping;
        this.threads = Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("kafka-" + settings.channel() + "-", 0).factory());
        this.concurrency = new Semaphore(settings.concurrency());
        this.inFlight = new InFlight(settings.maxInFlight(), settings.maxInFlightBytes());
        this.movedTo = settings.commitStrategy() == CommitStrategy.LATEST
                ? (worker, finished) -> moved.add(new Moved(worker, finished))
                : PartitionWorker.Moved.NOWHERE;
    }

    /** An offset of {@code worker}'s partition to commit by itself. */
    private record Moved(PartitionWorker worker, long finished) {}

    /** Subscribes and starts the poll loop on a thread of its own. */
    void start() {
        Thread.ofPlatform()
                .name("kafka-poll-" + settings.channel())
                .daemon(true)
                .start(this::run);
    }

    /** Stops fetching, drains, commits and leaves the group; the future completes when it has. */
    CompletableFuture<Void> stop() {
        stopping.countDown();
        consumer.wakeup();
        return ended;
    }

    /** The channel's name. */
    String channel() {
        return settings.channel();
    }

    /** Records fetched and not done yet. */
    int inFlight() {
        return inFlight.records();
    }

    /** Bytes held by the records fetched and not done yet (keys, values, headers and their objects). */
    long inFlightBytes() {
        return inFlight.bytes();
    }

    /** Whether fetching is paused, because too many records are in flight. */
    boolean paused() {
        return paused;
    }

    private void run() {
        try {
            settings.subscription().subscribe(consumer, new Rebalance());
            while (stopping.getCount() > 0) {
                if (paused || inFlight.full()) {
                    // Woken as soon as the partitions' threads have made room; polling meanwhile
                    // would only wait out its timeout with every partition paused. A full channel
                    // waits here before it pauses: the fetches the last poll sent stay in flight, so
                    // a channel that makes room within a poll interval (most do, many times a second)
                    // polls again without pausing and resuming, which cost a fetch's round trip each
                    // time; only one that stays full for a whole interval pauses.
                    inFlight.awaitRoom(POLL);
                }
                pressure();
                final ConsumerRecords<byte[], byte[]> records;
                try {
                    // Paused, the poll only keeps the group's protocol going (rebalances, commits).
                    records = consumer.poll(
                            paused
                                    ? Duration.ZERO
                                    : inFlight.records() > 0 || committing ? POLL_WHILE_IN_FLIGHT : POLL);
                } catch (final WakeupException e) {
                    break;
                } catch (final KafkaException e) {
                    LOG.warn(
                            "Polling channel '{}' (topics {}) failed: {}; trying again",
                            settings.channel(),
                            settings.subscription().describe(),
                            e.toString());
                    if (stopping.await(POLL_FAILURE_WAIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                        break;
                    }
                    continue;
                }
                for (final TopicPartition partition : records.partitions()) {
                    worker(partition).add(records.records(partition));
                }
                recordLag(records.partitions());
                if (settings.commitStrategy() == CommitStrategy.LATEST) {
                    commitEach();
                } else {
                    commit(false, workers.keySet());
                }
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (final RuntimeException e) {
            LOG.error(
                    "The consumer of channel '{}' (topics {}) ended: {}",
                    settings.channel(),
                    settings.subscription().describe(),
                    e.toString(),
                    e);
        } finally {
            shutDown();
        }
    }

    private PartitionWorker worker(final TopicPartition partition) {
        return workers.computeIfAbsent(
                partition, key -> new PartitionWorker(key, processor, threads, concurrency, inFlight, movedTo));
    }

    /**
     * Pauses every partition once the in-flight bound is reached, and resumes them once what is in
     * flight is down to half of it: fetching then goes on in long strides instead of one poll each.
     */
    private void pressure() {
        if (paused ? !inFlight.room() : inFlight.full()) {
            // pause(...) again each time: partitions assigned since the last pause start unpaused
            consumer.pause(consumer.assignment());
            if (!paused) {
                LOG.debug(
                        "Channel '{}' holds {} records ({} bytes) in flight; pausing its partitions",
                        settings.channel(),
                        inFlight.records(),
                        inFlight.bytes());
            }
            paused = true;
        } else if (paused) {
            consumer.resume(consumer.paused());
            paused = false;
            LOG.debug(
                    "Channel '{}' holds {} records in flight; resuming its partitions",
                    settings.channel(),
                    inFlight.records());
        }
    }

    private void recordLag(final Collection<TopicPartition> partitions) {
        for (final TopicPartition partition : partitions) {
            final OptionalLong lag = consumer.currentLag(partition);
            if (lag.isPresent()) {
                metrics.lag(settings.channel(), partition, lag.getAsLong());
            }
        }
    }

    /**
     * Commits the offsets of what is done in {@code partitions}, where they moved; {@code sync} waits. An
     * asynchronous commit waits while the last one has no answer yet: one commit at a time carries
     * everything done meanwhile, so a busy channel commits once per broker round trip instead of after
     * every poll (each a request the broker handles), and a quiet one still commits at once.
     */
    private void commit(final boolean sync, final Collection<TopicPartition> partitions) {
        if (!sync && committing) {
            return; // the next poll after the answer commits what is done by then
        }
        final Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (final TopicPartition partition : partitions) {
            final PartitionWorker worker = workers.get(partition);
            if (worker == null) {
                continue;
            }
            final long finished = worker.finished();
            if (finished >= 0 && finished > committed.getOrDefault(partition, -1L)) {
                offsets.put(partition, new OffsetAndMetadata(finished));
            }
        }
        if (offsets.isEmpty()) {
            return;
        }
        if (sync) {
            try {
                consumer.commitSync(offsets);
                offsets.forEach((partition, offset) -> committed.put(partition, offset.offset()));
            } catch (final KafkaException e) {
                LOG.warn(
                        "Committing the offsets {} of channel '{}' failed: {}; those records will be delivered again",
                        offsets,
                        settings.channel(),
                        e.toString());
            }
        } else {
            commitAsync(offsets);
        }
    }

    /**
     * Commits each offset that moved since the last poll by itself, in the order they moved, without
     * waiting for the answers ({@code latest}); offsets of partitions given up since are dropped.
     */
    private void commitEach() {
        Moved next;
        while ((next = moved.poll()) != null) {
            final TopicPartition partition = next.worker().partition();
            if (workers.get(partition) == next.worker() && next.finished() > committed.getOrDefault(partition, -1L)) {
                commitAsync(Map.of(partition, new OffsetAndMetadata(next.finished())));
            }
        }
    }

    private void commitAsync(final Map<TopicPartition, OffsetAndMetadata> offsets) {
        offsets.forEach((partition, offset) -> committed.put(partition, offset.offset()));
        committing = true;
        consumer.commitAsync(offsets, (done, failure) -> {
            committing = false; // called on this thread, within a later poll
            if (failure != null) {
                // a later commit of the same partition covers it; else the records come again
                LOG.debug(
                        "Committing the offsets {} of channel '{}' failed: {}",
                        done,
                        settings.channel(),
                        failure.toString());
                done.keySet().forEach(committed::remove);
            }
        });
    }

    private void shutDown() {
        final long deadline = System.nanoTime() + drainTimeout.toNanos();
        try {
            stopping.countDown();
            boolean drained = true;
            for (final PartitionWorker worker : workers.values()) {
                drained &= worker.revoke(deadline);
            }
            if (!drained) {
                LOG.warn(
                        "Channel '{}' stopped with records still being processed after the drain timeout ({} ms);"
                                + " they will be delivered again",
                        settings.channel(),
                        drainTimeout.toMillis());
            }
            commit(true, List.copyOf(workers.keySet()));
            metrics.forget(List.copyOf(workers.keySet()));
            workers.clear();
        } catch (final RuntimeException e) {
            LOG.warn("Stopping the consumer of channel '{}' failed: {}", settings.channel(), e.toString());
        } finally {
            try {
                consumer.close(); // leaves the group at once, so its partitions move without waiting for a timeout
            } catch (final RuntimeException e) {
                LOG.debug("Closing the consumer of channel '{}' failed", settings.channel(), e);
            }
            threads.shutdown();
            ended.complete(null);
        }
    }

    /** Commits what is done before partitions are given up; runs on the poll thread, inside poll. */
    private final class Rebalance implements ConsumerRebalanceListener {

        @Override
        public void onPartitionsRevoked(final Collection<TopicPartition> partitions) {
            final long deadline = System.nanoTime() + drainTimeout.toNanos();
            for (final TopicPartition partition : partitions) {
                final PartitionWorker worker = workers.get(partition);
                if (worker != null) {
                    worker.revoke(deadline);
                }
            }
            commit(true, partitions);
            partitions.forEach(partition -> {
                workers.remove(partition);
                committed.remove(partition);
            });
            metrics.forget(partitions);
            if (!partitions.isEmpty()) {
                LOG.info("Channel '{}' gave up partitions {}", settings.channel(), partitions);
            }
        }

        @Override
        public void onPartitionsLost(final Collection<TopicPartition> partitions) {
            // Another consumer owns them already: committing would fail; their records come again.
            final long now = System.nanoTime();
            partitions.forEach(partition -> {
                final PartitionWorker worker = workers.remove(partition);
                if (worker != null) {
                    worker.revoke(now);
                }
                committed.remove(partition);
            });
            metrics.forget(partitions);
            LOG.warn("Channel '{}' lost partitions {}", settings.channel(), partitions);
        }

        @Override
        public void onPartitionsAssigned(final Collection<TopicPartition> partitions) {
            if (!partitions.isEmpty()) {
                LOG.info("Channel '{}' was given partitions {}", settings.channel(), partitions);
            }
        }
    }
}
