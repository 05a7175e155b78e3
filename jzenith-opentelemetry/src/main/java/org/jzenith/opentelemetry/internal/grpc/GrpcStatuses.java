package org.jzenith.opentelemetry.internal.grpc;

import io.opentelemetry.sdk.common.export.GrpcStatusCode;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Reads a gRPC answer: the status and message from the trailers, or from the headers of an
 * answer that has only those ("Trailers-Only"), or, when a proxy answered instead of a gRPC
 * server, from the HTTP status as gRPC's HTTP-to-gRPC mapping says. Stateless, thread-safe.
 */
final class GrpcStatuses {

    private static final String STATUS = "grpc-status";
    private static final String MESSAGE = "grpc-message";

    private GrpcStatuses() {}

    /** Called once the body has ended, so that the trailers are there. */
    static GrpcAnswer answer(final HttpClientResponse response, final Buffer body) throws IOException {
        final Optional<String> status = header(response, STATUS);
        final Optional<String> message = header(response, MESSAGE).map(GrpcStatuses::percentDecode);
        final byte[] responseMessage = GrpcFraming.message(body, response.getHeader("grpc-encoding"));
        if (status.isEmpty()) {
            return new GrpcAnswer(
                    fromHttp(response.statusCode()),
                    message.orElse("no grpc-status in an answer with HTTP status " + response.statusCode()),
                    responseMessage);
        }
        return new GrpcAnswer(parse(status.get()), message.orElse(""), responseMessage);
    }

    private static Optional<String> header(final HttpClientResponse response, final String name) {
        return Optional.ofNullable(response.getHeader(name)).or(() -> trailer(response.trailers(), name));
    }

    private static Optional<String> trailer(final MultiMap trailers, final String name) {
        return Optional.ofNullable(trailers.get(name));
    }

    private static GrpcStatusCode parse(final String status) {
        try {
            return GrpcStatusCode.fromValue(Integer.parseInt(status.trim()));
        } catch (final NumberFormatException e) {
            return GrpcStatusCode.UNKNOWN;
        }
    }

    // https://github.com/grpc/grpc/blob/master/doc/http-grpc-status-mapping.md
    static GrpcStatusCode fromHttp(final int httpStatus) {
        return switch (httpStatus) {
            case 400 -> GrpcStatusCode.INTERNAL;
            case 401 -> GrpcStatusCode.UNAUTHENTICATED;
            case 403 -> GrpcStatusCode.PERMISSION_DENIED;
            case 404 -> GrpcStatusCode.UNIMPLEMENTED;
            case 429, 502, 503, 504 -> GrpcStatusCode.UNAVAILABLE;
            default -> GrpcStatusCode.UNKNOWN;
        };
    }

    /**
     * grpc-message is UTF-8 with every byte outside printable ASCII, and '%', written as {@code
     * %XX}; a malformed escape is kept as it is, as gRPC's own clients do.
     */
    static String percentDecode(final String value) {
        if (value.indexOf('%') < 0) {
            return value;
        }
        final byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        final ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '%' && i + 2 < bytes.length && hex(bytes[i + 1]) >= 0 && hex(bytes[i + 2]) >= 0) {
                out.write(hex(bytes[i + 1]) * 16 + hex(bytes[i + 2]));
                i += 2;
            } else {
                out.write(bytes[i]);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static int hex(final byte b) {
        return Character.digit(b, 16);
    }
}
