package org.jzenith.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.jzenith.core.errors.Failures;

/**
 * The inbox's id of a record that carries none of its own: the id the broker gave its topic when the
 * topic was created, its partition and its offset ({@code Hz0u3nq8Q6qPp9rT0uVw1A-2@41}). A topic
 * deleted and created again under the same name starts its offsets at 0 again, but has a new id, so
 * its records are not taken for copies of the old topic's. At most 53 characters, whatever the
 * topic's name.
 *
 * <p>The consumer does not hand out topic ids: the admin client is asked, when a topic is first
 * seen and whenever a partition's offset is not past the highest seen on it (a recreated topic's
 * consumer starts over at its beginning; a record delivered again after a rebalance asks once more
 * and finds the same id). Thread-safe.
 */
final class TopicIds {

    private final Function<String, Uuid> describe;
    private final Map<String, Uuid> ids = new ConcurrentHashMap<>();
    private final Map<TopicPartition, Long> highest = new ConcurrentHashMap<>();

    private TopicIds(final Function<String, Uuid> describe) {
        this.describe = describe;
    }

    /** Ids learnt from {@code admin}, each answer awaited at most {@code timeout}. */
    static TopicIds of(final Admin admin, final Duration timeout) {
        return new TopicIds(topic -> {
            try {
                return admin.describeTopics(List.of(topic))
                        .topicNameValues()
                        .get(topic)
                        .get(timeout.toMillis(), TimeUnit.MILLISECONDS)
                        .topicId();
            } catch (final ExecutionException e) {
                throw unknown(topic, Failures.describe(e.getCause()));
            } catch (final TimeoutException e) {
                throw unknown(topic, "no answer from the broker within " + timeout.toMillis() + " ms");
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                throw unknown(topic, "interrupted");
            }
        });
    }

    /** Ids learnt from {@code describe}: a topic's name to its id. */
    static TopicIds using(final Function<String, Uuid> describe) {
        return new TopicIds(describe);
    }

    private static IllegalStateException unknown(final String topic, final String why) {
        return new IllegalStateException("cannot learn the id of topic '" + topic + "', which the inbox's id of a"
                + " record without a jzenith-event-id header includes: " + why);
    }

    /** The id of the record at {@code offset} of {@code partition} of {@code topic}. */
    String of(final String topic, final int partition, final long offset) {
        final TopicPartition at = new TopicPartition(topic, partition);
        final long[] before = {-1};
        highest.compute(at, (key, seen) -> {
            before[0] = seen == null ? -1 : seen;
            return seen == null ? offset : Math.max(seen, offset);
        });
        Uuid id = ids.get(topic);
        if (id == null || offset <= before[0]) {
            id = describe.apply(topic);
            ids.put(topic, id);
        }
        return id + "-" + partition + "@" + offset;
    }
}
