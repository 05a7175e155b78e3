package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

/** A record's weight counts its headers as well as its key and value. */
class InFlightTest {

    @Test
    void aRecordWeighsItsKeyValueAndHeaders() {
        final RecordHeaders headers = new RecordHeaders();
        headers.add("padding", new byte[10_000]);
        final ConsumerRecord<byte[], byte[]> record = new ConsumerRecord<>(
                "orders",
                0,
                0L,
                0L,
                TimestampType.CREATE_TIME,
                3,
                5,
                new byte[3],
                new byte[5],
                headers,
                Optional.empty());

        assertThat(InFlight.weight(record)).isEqualTo(3 + 5 + "padding".length() + 10_000);
    }

    @Test
    void recordsHeavyWithHeadersFillTheBound() {
        final InFlight inFlight = new InFlight(1000, 8192);
        final RecordHeaders headers = new RecordHeaders();
        headers.add("padding", new byte[10_000]);
        final ConsumerRecord<byte[], byte[]> record = new ConsumerRecord<>(
                "orders",
                0,
                0L,
                0L,
                TimestampType.CREATE_TIME,
                1,
                1,
                new byte[1],
                new byte[1],
                headers,
                Optional.empty());

        inFlight.add(1, InFlight.weight(record));

        assertThat(inFlight.full()).isTrue();
    }
}
