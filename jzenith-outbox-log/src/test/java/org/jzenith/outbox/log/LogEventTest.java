package org.jzenith.outbox.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.jzenith.core.spi.outbox.OutboxRecord;

class LogEventTest {

    private static final String TRACE = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

    @Test
    void aFrameReadsBackAsTheEventItWasWrittenFrom() {
        final UUID id = UUID.randomUUID();
        final Instant at = Instant.ofEpochMilli(1_764_000_000_123L);
        final byte[] frame = LogEvent.write(
                id, at, "users.events", "ключ", Optional.of(TRACE), "{\"a\":1}".getBytes(StandardCharsets.UTF_8));

        final OutboxRecord record = LogEvent.read(7, ByteBuffer.wrap(frame));

        assertThat(record.id()).isEqualTo(7);
        assertThat(record.eventId()).isEqualTo(id.toString());
        assertThat(record.createdAt()).isEqualTo(at);
        assertThat(record.channel()).isEqualTo("users.events");
        assertThat(record.key()).contains("ключ");
        assertThat(record.traceParent()).contains(TRACE);
        assertThat(new String(record.payload(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}");
    }

    @Test
    void noTraceParentReadsBackEmptyAndAnEmptyPayloadEmpty() {
        final OutboxRecord record = LogEvent.read(
                1,
                ByteBuffer.wrap(
                        LogEvent.write(UUID.randomUUID(), Instant.EPOCH, "c", "k", Optional.empty(), new byte[0])));
        assertThat(record.traceParent()).isEmpty();
        assertThat(record.payload()).isEmpty();
    }

    @Test
    void aFrameOfAnotherVersionOrTruncatedIsRefusedRatherThanSentWrong() {
        final byte[] frame =
                LogEvent.write(UUID.randomUUID(), Instant.EPOCH, "c", "k", Optional.empty(), new byte[] {1});
        frame[0] = 2;
        assertThatThrownBy(() -> LogEvent.read(1, ByteBuffer.wrap(frame)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("frame version 2");
        frame[0] = LogEvent.VERSION;
        assertThatThrownBy(() -> LogEvent.read(1, ByteBuffer.wrap(frame, 0, 20)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("truncated");
    }

    @Test
    void aKeyTooLongForTheFrameIsRefusedAtPublish() {
        assertThatThrownBy(() -> LogEvent.write(
                        UUID.randomUUID(), Instant.EPOCH, "c", "k".repeat(70_000), Optional.empty(), new byte[0]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key of 70000 bytes; at most 65535 fit");
    }
}
