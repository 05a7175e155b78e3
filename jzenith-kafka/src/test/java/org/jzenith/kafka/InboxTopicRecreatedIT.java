package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.multibindings.OptionalBinder;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.Uuid;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.outbox.InboxConfiguration;
import org.jzenith.core.spi.outbox.InboxStore;
import org.jzenith.messaging.Idempotent;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * A topic deleted and created again under its name starts its offsets at 0 again: records without a
 * {@code jzenith-event-id} header, known by their position, were then dropped by an {@code
 * @Idempotent} consumer as copies of the old topic's records at the same offsets, for as long as
 * {@code inbox.retention} kept those. Their ids now hold the topic's id, which the new topic does not
 * share. On a broker of its own; the inbox is a set of ids that outlives the applications, as a
 * store plugin's table does (the stores' own tests are OutboxStore*IT and ReactiveOutboxIT).
 */
class InboxTopicRecreatedIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private static final Duration WAIT = Duration.ofSeconds(60);

    /** What the consumer applied, and the ids the inbox recorded. */
    static final class Applied {
        final Queue<String> values = new ConcurrentLinkedQueue<>();
        final Set<String> ids = ConcurrentHashMap.newKeySet();
    }

    static final class Consumer {
        private final Applied applied;

        @Inject
        Consumer(final Applied applied) {
            this.applied = applied;
        }

        @Incoming("recreated")
        @Idempotent
        void apply(final ConsumerRecord<String, String> record) {
            applied.values.add(record.value());
        }
    }

    private final Applied applied = new Applied();
    private final InboxStore inbox = new InboxStore() {
        @Override
        public boolean once(final String messageId, final String channel, final Callable<?> work) throws Exception {
            if (applied.ids.contains(messageId)) {
                return false;
            }
            work.call();
            applied.ids.add(messageId);
            return true;
        }

        @Override
        public int purge(final Instant receivedBefore) {
            return 0; // kept for the whole test, as inbox.retention (14 days) would
        }
    };

    private JZenith start(final String topic, final String group) {
        return JZenith.application()
                .withPlugins(KafkaPlugin.withConsumers(Consumer.class))
                .withModules(binder -> {
                    binder.bind(Applied.class).toInstance(applied);
                    // What a store plugin binds beside its inbox.
                    binder.bind(InboxConfiguration.class).toInstance(() -> Duration.ofDays(14));
                    OptionalBinder.newOptionalBinder(binder, InboxStore.class)
                            .setBinding()
                            .toInstance(inbox);
                })
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", group)
                .withConfiguration("kafka.channels.recreated.topic", topic)
                .start();
    }

    @Test
    void recordsOfARecreatedTopicAtTheOldOffsetsAreAppliedNotDroppedAsCopies() throws Exception {
        final String topic = Topics.unique("recreated");
        try (Topics topics = new Topics(KAFKA.bootstrapServers());
                Admin admin =
                        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
            topics.create(topic, 1);
            final Uuid before = topicId(admin, topic);
            for (final String value : List.of("old-0", "old-1", "old-2")) {
                topics.send(topic, "k", value);
            }
            final JZenith first = start(topic, Topics.unique("group"));
            try {
                Await.until(WAIT, "the old topic's 3 records applied", () -> applied.values.size() == 3);
            } finally {
                first.stop();
            }

            admin.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
            Await.until(WAIT, "the topic gone", () -> !topicNames(admin).contains(topic));
            topics.create(topic, 1);
            final Uuid after = topicId(admin, topic);
            assertThat(after).as("a recreated topic's id").isNotEqualTo(before);
            for (final String value : List.of("new-0", "new-1", "new-2")) {
                topics.send(topic, "k", value); // offsets 0, 1 and 2 again
            }
            // A new group: it reads the recreated topic from its start, whatever the broker kept of the old offsets.
            final JZenith second = start(topic, Topics.unique("group"));
            try {
                Await.until(
                        WAIT,
                        "the recreated topic's 3 records applied, not dropped as copies",
                        () -> applied.values.size() == 6);
            } finally {
                second.stop();
            }
            assertThat(applied.values).containsExactly("old-0", "old-1", "old-2", "new-0", "new-1", "new-2");
            assertThat(applied.ids)
                    .containsExactlyInAnyOrder(
                            before + "-0@0",
                            before + "-0@1",
                            before + "-0@2",
                            after + "-0@0",
                            after + "-0@1",
                            after + "-0@2");
        }
    }

    private static Set<String> topicNames(final Admin admin) {
        try {
            return admin.listTopics().names().get(30, TimeUnit.SECONDS);
        } catch (final Exception e) {
            throw new IllegalStateException("cannot list the broker's topics", e);
        }
    }

    /**
     * The topic's id, once the broker describes it: right after a topic is created again, its
     * metadata may not have reached the broker yet (UnknownTopicOrPartitionException).
     */
    private static Uuid topicId(final Admin admin, final String topic) {
        final java.util.concurrent.atomic.AtomicReference<Uuid> id =
                new java.util.concurrent.atomic.AtomicReference<>();
        Await.until(WAIT, "the broker describes " + topic, () -> {
            try {
                id.set(admin.describeTopics(List.of(topic))
                        .topicNameValues()
                        .get(topic)
                        .get(30, TimeUnit.SECONDS)
                        .topicId());
                return true;
            } catch (final java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof org.apache.kafka.common.errors.UnknownTopicOrPartitionException) {
                    return false;
                }
                throw new IllegalStateException("cannot describe " + topic, e);
            } catch (final InterruptedException | java.util.concurrent.TimeoutException e) {
                throw new IllegalStateException("cannot describe " + topic, e);
            }
        });
        return id.get();
    }
}
