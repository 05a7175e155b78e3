package org.jzenith.kafka;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jzenith.messaging.spi.InboundMessage;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.spi.Payload;

/**
 * The parameter Kafka hands to {@code @Incoming} methods besides the payload: the whole {@code
 * ConsumerRecord<K, V>}, its key and value read as {@code K} and {@code V} say (text, bytes or JSON),
 * with its headers and position. Stateless.
 */
final class KafkaParameters implements NativeParameters {

    static final KafkaParameters INSTANCE = new KafkaParameters();

    private KafkaParameters() {}

    @Override
    public boolean handles(final Type parameter) {
        return parameter == ConsumerRecord.class
                || parameter instanceof ParameterizedType record && record.getRawType() == ConsumerRecord.class;
    }

    @Override
    public List<String> problems(final Type parameter) {
        final List<String> problems = new ArrayList<>();
        if (parameter instanceof ParameterizedType record) {
            for (final Type argument : record.getActualTypeArguments()) {
                if (!(argument instanceof Class<?> || argument instanceof ParameterizedType)) {
                    problems.add("takes a ConsumerRecord of " + argument.getTypeName()
                            + "; name the key and value types, such as ConsumerRecord<String, Order>");
                }
            }
        } else {
            problems.add("takes a raw ConsumerRecord; name its key and value types, such as"
                    + " ConsumerRecord<String, Order>");
        }
        return problems;
    }

    @Override
    public ParameterReader reader(final Type parameter, final ObjectMapper json) {
        final Type[] types = ((ParameterizedType) parameter).getActualTypeArguments();
        final Payload key = Payload.of(types[0], json).orElseThrow();
        final Payload value = Payload.of(types[1], json).orElseThrow();
        return new ParameterReader() {
            @Override
            public Object read(final InboundMessage message) {
                final ConsumerRecord<byte[], byte[]> record = KafkaInbound.record(message);
                return new ConsumerRecord<>(
                        record.topic(),
                        record.partition(),
                        record.offset(),
                        record.timestamp(),
                        record.timestampType(),
                        record.serializedKeySize(),
                        record.serializedValueSize(),
                        record.key() == null ? null : key.read(record.key()),
                        value.read(record.value()),
                        record.headers(),
                        record.leaderEpoch());
            }

            @Override
            public Object payload(final Object argument) {
                return ((ConsumerRecord<?, ?>) argument).value();
            }
        };
    }

    @Override
    public String advice() {
        return " or a ConsumerRecord<K, V> for the key, headers and position";
    }
}
