package org.jzenith.opentelemetry.internal.grpc;

import io.opentelemetry.sdk.common.export.Compressor;
import io.opentelemetry.sdk.common.export.MessageWriter;
import io.vertx.core.buffer.Buffer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * gRPC's length-prefixed message: a flag byte (1 when compressed), the length in four bytes, the
 * message. Stateless, thread-safe.
 */
final class GrpcFraming {

    static final int PREFIX_LENGTH = 5;

    private GrpcFraming() {}

    /** The request body: {@code writer}'s message framed, compressed when a compressor is given. */
    static Buffer frame(final MessageWriter writer, final Optional<Compressor> compressor) throws IOException {
        final int length = writer.getContentLength();
        if (compressor.isEmpty()) {
            final ByteArrayOutputStream out = new ByteArrayOutputStream(PREFIX_LENGTH + length);
            writer.writeMessage(out);
            if (out.size() != length) {
                throw new IOException(
                        "the exporter announced a message of " + length + " bytes but wrote " + out.size());
            }
            return prefixed(false, out.toByteArray());
        }
        // The compressed length is known only afterwards, so the message is compressed aside first.
        final ByteArrayOutputStream compressed = new ByteArrayOutputStream(Math.max(64, length / 4));
        try (OutputStream out = compressor.get().compress(compressed)) {
            writer.writeMessage(out);
        }
        return prefixed(true, compressed.toByteArray());
    }

    private static Buffer prefixed(final boolean compressed, final byte[] message) {
        return Buffer.buffer(PREFIX_LENGTH + message.length)
                .appendByte((byte) (compressed ? 1 : 0))
                .appendInt(message.length)
                .appendBytes(message);
    }

    /**
     * The message of a unary response body, decompressed when flagged and gzip; empty when the
     * body holds no complete message (an error answer has none).
     */
    static byte[] message(final Buffer body, final String encoding) throws IOException {
        if (body.length() < PREFIX_LENGTH) {
            return new byte[0];
        }
        final int length = body.getInt(1);
        if (length < 0 || length > body.length() - PREFIX_LENGTH) {
            return new byte[0];
        }
        final byte[] message = body.getBytes(PREFIX_LENGTH, PREFIX_LENGTH + length);
        if (body.getByte(0) == 0) {
            return message;
        }
        if (!"gzip".equals(encoding)) {
            throw new IOException(
                    "the server compressed its answer with grpc-encoding '" + encoding + "'; only gzip is understood");
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(message))) {
            return in.readAllBytes();
        }
    }
}
