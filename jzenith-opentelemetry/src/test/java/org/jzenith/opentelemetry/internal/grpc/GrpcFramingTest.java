package org.jzenith.opentelemetry.internal.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.sdk.common.export.Compressor;
import io.opentelemetry.sdk.common.export.MessageWriter;
import io.vertx.core.buffer.Buffer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class GrpcFramingTest {

    private static final byte[] MESSAGE = "a span or two".repeat(20).getBytes(StandardCharsets.UTF_8);

    private static final Compressor GZIP = new Compressor() {
        @Override
        public String getEncoding() {
            return "gzip";
        }

        @Override
        public OutputStream compress(final OutputStream out) throws IOException {
            return new GZIPOutputStream(out);
        }
    };

    @Test
    void anUncompressedMessageGetsFlagZeroAndItsLength() throws IOException {
        final Buffer frame = GrpcFraming.frame(writer(MESSAGE, MESSAGE.length), Optional.empty());

        assertThat(frame.getByte(0)).isZero();
        assertThat(frame.getInt(1)).isEqualTo(MESSAGE.length);
        assertThat(frame.getBytes(5, frame.length())).isEqualTo(MESSAGE);
    }

    @Test
    void aCompressedMessageGetsFlagOneAndTheCompressedLength() throws IOException {
        final Buffer frame = GrpcFraming.frame(writer(MESSAGE, MESSAGE.length), Optional.of(GZIP));

        assertThat(frame.getByte(0)).isEqualTo((byte) 1);
        assertThat(frame.getInt(1)).isEqualTo(frame.length() - 5).isLessThan(MESSAGE.length);
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(frame.getBytes(5, frame.length())))) {
            assertThat(in.readAllBytes()).isEqualTo(MESSAGE);
        }
    }

    @Test
    void aWriterThatWritesOtherThanItAnnouncedIsAnError() {
        assertThatThrownBy(() -> GrpcFraming.frame(writer(MESSAGE, MESSAGE.length + 1), Optional.empty()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("announced");
    }

    @Test
    void aResponseMessageIsReadBackAndAnEmptyBodyHasNone() throws IOException {
        final Buffer frame = GrpcFraming.frame(writer(MESSAGE, MESSAGE.length), Optional.of(GZIP));

        assertThat(GrpcFraming.message(frame, "gzip")).isEqualTo(MESSAGE);
        assertThat(GrpcFraming.message(Buffer.buffer(), "identity")).isEmpty();
    }

    private static MessageWriter writer(final byte[] message, final int announced) {
        return new MessageWriter() {
            @Override
            public void writeMessage(final OutputStream out) throws IOException {
                out.write(message);
            }

            @Override
            public int getContentLength() {
                return announced;
            }
        };
    }
}
