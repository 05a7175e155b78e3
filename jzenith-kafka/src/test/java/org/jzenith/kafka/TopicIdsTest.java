package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.Uuid;
import org.junit.jupiter.api.Test;

/** A record's id for the inbox when it carries no event id: its position under its topic's id. */
class TopicIdsTest {

    private static final Uuid ORDERS = Uuid.fromString("Hz0u3nq8Q6qPp9rT0uVw1A");
    /** Topic ids as a broker would answer them: InboxTopicRecreatedIT asks a real one. */
    private static final TopicIds TOPICS = TopicIds.using(topic -> ORDERS);

    @Test
    void aRecordIsKnownByItsPositionUnderItsTopicsId() {
        final KafkaInbound plain = new KafkaInbound(new ConsumerRecord<>("orders", 2, 41L, null, new byte[0]), TOPICS);
        assertThat(plain.positionalId()).isEqualTo("Hz0u3nq8Q6qPp9rT0uVw1A-2@41");
        assertThat(plain.position()).isEqualTo("orders-2@41");
    }

    @Test
    void aRecordsHeadersAndValueAreWhatTheMessagingLayerReads() {
        final ConsumerRecord<byte[], byte[]> record = new ConsumerRecord<>("orders", 0, 7L, null, null);
        record.headers().add("jzenith-event-id", "evt-1".getBytes(StandardCharsets.UTF_8));
        final KafkaInbound message = new KafkaInbound(record, TOPICS);
        assertThat(message.payload()).as("no value is an empty payload").isEmpty();
        assertThat(message.header("jzenith-event-id"))
                .hasValueSatisfying(value ->
                        assertThat(new String(value, StandardCharsets.UTF_8)).isEqualTo("evt-1"));
        assertThat(message.header("other")).isEmpty();
        assertThat(message.unwrap()).isSameAs(record);
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
}
