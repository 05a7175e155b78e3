package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import com.google.inject.Injector;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.Uuid;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.junit.jupiter.api.Test;
import org.jzenith.core.spi.outbox.InboxStore;

class InboxMethodsTest {

    private static final Uuid ORDERS = Uuid.fromString("Hz0u3nq8Q6qPp9rT0uVw1A");
    /** Topic ids as a broker would answer them: InboxTopicRecreatedIT asks a real one. */
    private static final TopicIds TOPICS = TopicIds.using(topic -> ORDERS);

    static final class Consumers {
        final AtomicInteger applied = new AtomicInteger();

        @Incoming("plain")
        void plain(final String value) {
            applied.incrementAndGet();
        }

        @Incoming("once")
        @Idempotent
        void once(final String value) {
            applied.incrementAndGet();
        }

        @Incoming("later")
        @Idempotent
        CompletionStage<Void> later(final String value) {
            return CompletableFuture.completedFuture(null);
        }
    }

    private static IncomingMethod method(final String name) {
        return IncomingMethod.find(Consumers.class).stream()
                .filter(found -> found.method().getName().equals(name))
                .map(found -> IncomingMethod.of(Consumers.class, found, Json.standard()))
                .findFirst()
                .orElseThrow();
    }

    private static Injector withoutInbox() {
        return Guice.createInjector(OutboxWiring.module());
    }

    /** An inbox in memory: the real ones are the store plugins' (OutboxStore*IT in jzenith-jdbc). */
    private static Injector withInbox(final List<String> seen) {
        final InboxStore inbox = new InboxStore() {
            @Override
            public boolean once(final String messageId, final String channel, final Callable<?> work) throws Exception {
                if (seen.contains(messageId)) {
                    return false;
                }
                work.call();
                seen.add(messageId);
                return true;
            }

            @Override
            public int purge(final Instant receivedBefore) {
                return 0; // these tests never purge
            }
        };
        return Guice.createInjector(
                OutboxWiring.module(),
                binder -> com.google.inject.multibindings.OptionalBinder.newOptionalBinder(binder, InboxStore.class)
                        .setBinding()
                        .toInstance(inbox));
    }

    @Test
    void aMethodWithoutIdempotentStaysAsItIs() {
        final IncomingMethod plain = method("plain");
        assertThat(InboxMethods.wrap(plain, withoutInbox(), TOPICS)).isSameAs(plain);
    }

    @Test
    void idempotentWithoutAnInboxStopsTheStartNamingTheFix() {
        assertThatThrownBy(() -> InboxMethods.wrap(method("once"), withoutInbox(), TOPICS))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Consumers.once is @Idempotent, which needs an inbox; register"
                        + " JdbcPlugin.create().withOutbox() or PostgresqlPlugin.create().withOutbox()");
    }

    @Test
    void idempotentOnAMethodThatCompletesLaterIsRefused() {
        assertThatThrownBy(() -> InboxMethods.wrap(method("later"), withInbox(new java.util.ArrayList<>()), TOPICS))
                .hasMessageContaining("Consumers.later is @Idempotent but returns a CompletionStage");
    }

    @Test
    void aRecordIsAppliedOnceByItsEventIdWhereverItArrives() throws Throwable {
        final List<String> seen = new java.util.ArrayList<>();
        final IncomingMethod once = InboxMethods.wrap(method("once"), withInbox(seen), TOPICS);
        final Consumers bean = new Consumers();
        final ConsumerRecord<byte[], byte[]> first = record(7, "event-1");
        final ConsumerRecord<byte[], byte[]> again = record(9, "event-1"); // sent again: a new offset
        for (final ConsumerRecord<byte[], byte[]> record : List.of(first, again)) {
            ScopedValue.where(InboxMethods.RECORD, record).call(() -> {
                try {
                    return once.handle().invoke(bean, "value");
                } catch (final Throwable e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        assertThat(bean.applied).hasValue(1);
        assertThat(seen).containsExactly("event-1");
    }

    @Test
    void aRecordWithoutAnEventIdIsKnownByItsPositionInItsTopicsId() {
        final ConsumerRecord<byte[], byte[]> plain = new ConsumerRecord<>("orders", 2, 41L, null, new byte[0]);
        assertThat(InboxMethods.messageId(plain, TOPICS)).isEqualTo("Hz0u3nq8Q6qPp9rT0uVw1A-2@41");
        assertThat(InboxMethods.messageId(record(1, "abc"), TOPICS)).isEqualTo("abc");
    }

    @Test
    void aTopicsIdIsAskedForAgainWhenAPartitionsOffsetGoesBack() {
        final List<Uuid> answers = new java.util.ArrayList<>(List.of(ORDERS, Uuid.randomUuid()));
        final AtomicInteger asked = new AtomicInteger();
        final TopicIds ids = TopicIds.using(topic -> answers.get(Math.min(asked.getAndIncrement(), 1)));
        final String first = ids.of("orders", 0, 0);
        assertThat(ids.of("orders", 0, 1)).startsWith(ORDERS.toString());
        assertThat(ids.of("orders", 1, 0)).as("another partition, further on").startsWith(ORDERS.toString());
        assertThat(asked).as("asked once while offsets only grow").hasValue(1);
        // The topic was deleted and created again: its consumer starts over at offset 0.
        final String recreated = ids.of("orders", 0, 0);
        assertThat(asked).hasValue(2);
        assertThat(recreated)
                .isNotEqualTo(first)
                .endsWith("-0@0")
                .startsWith(answers.get(1).toString());
        assertThat(ids.of("a".repeat(249), Integer.MAX_VALUE, Long.MAX_VALUE))
                .as("as long as any topic's name")
                .hasSizeLessThanOrEqualTo(53);
    }

    @Test
    void anEventIdLongerThanTheInboxKeepsIsThePayloadsFault() {
        assertThat(InboxMethods.messageId(record(1, "x".repeat(InboxMethods.MAX_ID_LENGTH)), TOPICS))
                .hasSize(255);
        assertThatThrownBy(() -> InboxMethods.messageId(record(1, "x".repeat(256)), TOPICS))
                .isInstanceOf(PayloadException.class)
                .hasMessage("the record's jzenith-event-id header is 256 characters long; the inbox keeps ids of at"
                        + " most 255 (send a shorter id, such as a UUID, or none: the record is then known by its"
                        + " position)");
    }

    @Test
    void anEventIdOfAnythingButVisibleAsciiIsThePayloadsFault() {
        assertThat(InboxMethods.messageId(record(1, "01J9Z3-order:42/v1@shop"), TOPICS))
                .isEqualTo("01J9Z3-order:42/v1@shop");
        for (final String bad : new String[] {"with space", "line\nbreak", "nul\u0000", "\u00fcber", "tab\t"}) {
            assertThatThrownBy(() -> InboxMethods.messageId(record(1, bad), TOPICS))
                    .isInstanceOf(PayloadException.class)
                    .hasMessageContaining("is not a visible ASCII character")
                    .hasMessageNotContaining(bad);
        }
    }

    private static ConsumerRecord<byte[], byte[]> record(final long offset, final String eventId) {
        final ConsumerRecord<byte[], byte[]> record =
                new ConsumerRecord<>("users.events", 0, offset, null, new byte[0]);
        record.headers().add(InboxMethods.EVENT_ID, eventId.getBytes(StandardCharsets.UTF_8));
        return record;
    }
}
