package org.jzenith.kafka;

import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.jzenith.messaging.spi.InboundMessage;

/**
 * A consumed Kafka record as the messaging layer reads it: its value is the payload, its position is
 * {@code topic-partition@offset}, and a record without an event id is known to the inbox by that
 * position under its topic's id ({@link TopicIds}), which a recreated topic does not repeat. Immutable.
 *
 * @param record the record as consumed
 * @param topicIds the ids of the topics consumed
 * @param channel the channel it was consumed for, named in its metadata
 */
record KafkaInbound(ConsumerRecord<byte[], byte[]> record, TopicIds topicIds, String channel)
        implements InboundMessage {

    /** The record of a channel named as its topic. */
    KafkaInbound(final ConsumerRecord<byte[], byte[]> record, final TopicIds topicIds) {
        this(record, topicIds, record.topic());
    }

    private static final byte[] NONE = new byte[0];

    /** The record {@code message} wraps: every message a Kafka channel's processor sees is one. */
    @SuppressWarnings("unchecked")
    static ConsumerRecord<byte[], byte[]> record(final InboundMessage message) {
        return (ConsumerRecord<byte[], byte[]>) message.unwrap();
    }

    @Override
    public String source() {
        return record.topic();
    }

    @Override
    public String position() {
        return record.topic() + "-" + record.partition() + "@" + record.offset();
    }

    @Override
    public byte[] payload() {
        return record.value() == null ? NONE : record.value();
    }

    @Override
    public Optional<byte[]> header(final String name) {
        final Header header = record.headers().lastHeader(name);
        return header == null || header.value() == null ? Optional.empty() : Optional.of(header.value());
    }

    @Override
    public long weight() {
        return InFlight.weight(record);
    }

    @Override
    public String positionalId() {
        return topicIds.of(record.topic(), record.partition(), record.offset());
    }

    @Override
    public Object unwrap() {
        return record;
    }

    /**
     * SmallRye's {@link IncomingKafkaRecordMetadata}, as guide code reads it ({@code
     * msg.getMetadata(IncomingKafkaRecordMetadata.class)}): topic, partition, offset, timestamp, headers, and
     * the key as a {@code String} (UTF-8, as jZenith's emitters write keys; null for none). Its {@code
     * getRecord().value()} is the value's bytes: the payload is the message's.
     */
    @Override
    public List<Object> metadata() {
        final String key = record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8);
        return List.of(new IncomingKafkaRecordMetadata<>(
                new ConsumerRecord<>(
                        record.topic(),
                        record.partition(),
                        record.offset(),
                        record.timestamp(),
                        record.timestampType(),
                        record.serializedKeySize(),
                        record.serializedValueSize(),
                        key,
                        record.value(),
                        record.headers(),
                        record.leaderEpoch()),
                channel));
    }
}
