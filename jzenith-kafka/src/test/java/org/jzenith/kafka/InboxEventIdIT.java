package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.multibindings.OptionalBinder;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.outbox.InboxConfiguration;
import org.jzenith.core.spi.outbox.InboxStore;
import org.jzenith.messaging.Idempotent;
import org.jzenith.messaging.consumer.InboxMethods;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * An {@code @Idempotent} consumer takes the message id a producer put in the {@code jzenith-event-id}
 * header only when it is visible ASCII: a hostile id (control characters, a line break to forge log
 * lines, another encoding) sends its record to the dead letters unapplied and is never stored, and
 * the records behind it are applied. On a broker of its own; the inbox is a set of ids.
 */
class InboxEventIdIT {

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

        @Incoming("events")
        @Idempotent
        void apply(final String value) {
            applied.values.add(value);
        }
    }

    private final Applied applied = new Applied();
    private final InboxStore inbox = new InboxStore() {
        @Override
        public boolean once(final String messageId, final String channel, final Callable<?> work) throws Exception {
            if (!applied.ids.add(messageId)) {
                return false;
            }
            work.call();
            return true;
        }

        @Override
        public int purge(final Instant receivedBefore) {
            return 0;
        }
    };

    @Test
    void anEventIdThatIsNotVisibleAsciiSendsItsRecordToTheDeadLettersUnapplied() throws Exception {
        final String topic = Topics.unique("events");
        try (Topics topics = new Topics(KAFKA.bootstrapServers())) {
            topics.create(topic, 1);
            topics.send(
                    topic, "forged", Map.of(InboxMethods.EVENT_ID, "id\nWARN forged".getBytes(StandardCharsets.UTF_8)));
            topics.send(topic, "good", Map.of(InboxMethods.EVENT_ID, "evt-42".getBytes(StandardCharsets.UTF_8)));
            final JZenith app = JZenith.application()
                    .withPlugins(KafkaPlugin.withConsumers(Consumer.class))
                    .withModules(binder -> {
                        binder.bind(Applied.class).toInstance(applied);
                        binder.bind(InboxConfiguration.class).toInstance(() -> Duration.ofDays(14));
                        OptionalBinder.newOptionalBinder(binder, InboxStore.class)
                                .setBinding()
                                .toInstance(inbox);
                    })
                    .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                    .withConfiguration("kafka.group-id", Topics.unique("group"))
                    .withConfiguration("kafka.channels.events.topic", topic)
                    .start();
            try {
                Await.until(WAIT, "the record behind the forged id is applied", () -> !applied.values.isEmpty());
                final List<ConsumerRecord<String, String>> dead = topics.read(topic + ".dlt", 1, WAIT);
                assertThat(dead).hasSize(1);
                assertThat(dead.getFirst().value()).isEqualTo("forged");
                assertThat(Topics.header(dead.getFirst(), DeadLetters.EXCEPTION_MESSAGE))
                        .hasValueSatisfying(message -> assertThat(message).contains("not a visible ASCII character"));
            } finally {
                app.stop();
            }
            assertThat(applied.values).containsExactly("good");
            assertThat(applied.ids).containsExactly("evt-42");
        }
    }
}
