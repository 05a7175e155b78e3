package org.jzenith.rest.internal.limits;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/**
 * A whole HTTP/1.1 response carrying a problem document, as bytes a connection handler writes past
 * Vert.x and the response encoder, then closes the connection: for requests refused before Vert.x
 * sees them (a head too slow, another protocol) or that Vert.x would leave unanswered (a body too slow,
 * a malformed chunk). Made once; each write takes a {@link ByteBuf#duplicate()}.
 *
 * <pre>{@code
 * ByteBuf timeout = RawProblem.of(408, "Request Timeout", "The request body arrived too slowly");
 * ctx.writeAndFlush(timeout.duplicate()).addListener(ChannelFutureListener.CLOSE);
 * }</pre>
 */
final class RawProblem {

    private RawProblem() {}

    /** The response of {@code status} with its {@code reason} phrase and {@code detail} (plain ASCII, no quotes). */
    static ByteBuf of(final int status, final String reason, final String detail) {
        final String problem = "{\"type\":\"about:blank\",\"title\":\"" + reason + "\",\"status\":" + status
                + ",\"detail\":\"" + detail + "\"}";
        return Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(("HTTP/1.1 " + status + " " + reason
                        + "\r\nContent-Type: application/problem+json\r\nConnection: close\r\nContent-Length: "
                        + problem.length() + "\r\n\r\n" + problem)
                .getBytes(StandardCharsets.US_ASCII)));
    }
}
