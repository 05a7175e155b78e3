package org.jzenith.outbox.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The pgoutput messages, laid out as the protocol's documentation describes them. */
class PgOutputTest {

    @Test
    void readsABeginAMessageAndACommit() {
        final ByteBuffer begin = ByteBuffer.allocate(21)
                .put((byte) 'B')
                .putLong(0x1_0000_0010L)
                .putLong(99)
                .putInt(7);
        assertThat(PgOutput.read(begin.flip())).isEqualTo(new PgOutput.Begin(0x1_0000_0010L));

        final byte[] prefix = "jzenith_outbox".getBytes(StandardCharsets.UTF_8);
        final ByteBuffer message = ByteBuffer.allocate(1 + 1 + 8 + prefix.length + 1 + 4 + 3)
                .put((byte) 'M')
                .put((byte) 1)
                .putLong(42)
                .put(prefix)
                .put((byte) 0)
                .putInt(3)
                .put(new byte[] {5, 6, 7});
        final PgOutput.Emitted emitted = (PgOutput.Emitted) PgOutput.read(message.flip());
        assertThat(emitted.transactional()).isTrue();
        assertThat(emitted.lsn()).isEqualTo(42);
        assertThat(emitted.prefix()).isEqualTo("jzenith_outbox");
        assertThat(emitted.content().remaining()).isEqualTo(3);
        assertThat(emitted.content().get(2)).isEqualTo((byte) 7);

        final ByteBuffer commit = ByteBuffer.allocate(26)
                .put((byte) 'C')
                .put((byte) 0)
                .putLong(100)
                .putLong(120)
                .putLong(5);
        assertThat(PgOutput.read(commit.flip())).isEqualTo(new PgOutput.Commit(100, 120));
    }

    @Test
    void otherKindsAreOther() {
        assertThat(PgOutput.read(ByteBuffer.wrap(new byte[] {'R', 0, 0}))).isEqualTo(new PgOutput.Other('R'));
    }
}
