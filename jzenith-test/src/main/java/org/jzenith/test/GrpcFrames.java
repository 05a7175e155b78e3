package org.jzenith.test;

import io.vertx.core.buffer.Buffer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * The gRPC length-prefixed message framing (one flag byte, four length bytes, the message) and
 * gzip, the one compression OTLP exporters use. Stateless, thread-safe.
 */
final class GrpcFrames {

    private static final int PREFIX = 5;

    private GrpcFrames() {}

    /** The single message of a unary gRPC request body, decompressed if its flag says so. */
    static byte[] message(final Buffer body, final String encoding) throws IOException {
        if (body.length() < PREFIX) {
            throw new IOException("a gRPC body of " + body.length() + " bytes has no 5-byte message prefix");
        }
        final boolean compressed = body.getByte(0) == 1;
        final int length = body.getInt(1);
        if (length != body.length() - PREFIX) {
            throw new IOException(
                    "the gRPC prefix announces " + length + " bytes, the body holds " + (body.length() - PREFIX));
        }
        final byte[] message = body.getBytes(PREFIX, body.length());
        if (!compressed) {
            return message;
        }
        if (!encoding.equals("gzip")) {
            throw new IOException(
                    "a compressed gRPC message with grpc-encoding '" + encoding + "'; only gzip is known");
        }
        return gunzip(message);
    }

    /** {@code message} framed, uncompressed. */
    static Buffer frame(final byte[] message) {
        return Buffer.buffer(PREFIX + message.length)
                .appendByte((byte) 0)
                .appendInt(message.length)
                .appendBytes(message);
    }

    static byte[] gunzip(final byte[] compressed) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
            return in.readAllBytes();
        }
    }
}
