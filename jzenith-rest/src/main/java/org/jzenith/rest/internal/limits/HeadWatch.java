package org.jzenith.rest.internal.limits;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;

/**
 * Watches one HTTP/1 connection for a request head (request line and headers) that takes too long
 * to arrive: a client that sends a byte now and then keeps the connection from ever being idle, so
 * the idle timeout never closes it, and a few hundred such clients hold a server's connections.
 *
 * <p>Two handlers around Netty's request decoder share this state: the one before it notes when the
 * first byte of a head arrives, the one after it when the decoder has made a request of the head.
 * The server verticle looks at every watch now and then ({@link #expired}), so a request costs one
 * clock read and no timer. Used on the connection's event loop only.
 */
final class HeadWatch {

    private static final ByteBuf REQUEST_TIMEOUT =
            RawProblem.of(408, "Request Timeout", "The request line and headers took too long to arrive");

    private static final ByteBuf VERSION_NOT_SUPPORTED = RawProblem.of(
            505, "HTTP Version Not Supported", "This server speaks HTTP/1.0 and HTTP/1.1 on this connection");

    private static final ByteBuf NOT_HTTP =
            RawProblem.of(400, "Bad Request", "The request line must end in HTTP/1.1 (or HTTP/1.0)");

    /**
     * An HTTP/2 server's preface (an empty SETTINGS frame), then a GOAWAY frame with the error
     * HTTP_1_1_REQUIRED (RFC 9113, sections 3.4, 6.8 and 7) and why, as its debug data.
     */
    private static final ByteBuf HTTP_1_1_REQUIRED = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(
            http2GoAway("This port speaks HTTP/1.1; HTTP/2 without TLS (h2c) is off: rest.http2.cleartext=false")));

    private static byte[] http2GoAway(final String why) {
        final byte[] debug = why.getBytes(StandardCharsets.US_ASCII);
        final ByteBuf frames = Unpooled.buffer(9 + 9 + 8 + debug.length);
        frames.writeMedium(0).writeByte(0x4).writeByte(0).writeInt(0); // SETTINGS, no settings
        frames.writeMedium(8 + debug.length).writeByte(0x7).writeByte(0).writeInt(0); // GOAWAY on stream 0
        frames.writeInt(0).writeInt(0xd).writeBytes(debug); // no stream processed, HTTP_1_1_REQUIRED
        final byte[] bytes = new byte[frames.readableBytes()];
        frames.readBytes(bytes);
        return bytes;
    }

    private static boolean isHttp2Preface(final HttpRequest request) {
        return request.protocolVersion().majorVersion() == 2
                && "PRI".equals(request.method().name())
                && "*".equals(request.uri());
    }

    /** The first byte of a TLS record that carries a handshake, such as a client's hello. */
    private static final byte TLS_HANDSHAKE = 0x16;

    private static final ByteBuf NOT_TLS =
            RawProblem.of(400, "Bad Request", "This port speaks plain HTTP, not TLS: use http:// here");

    /** Whether the connection's request was refused, so that nothing more of it goes to Vert.x. */
    private boolean refused;

    /** When the first byte of the head being read arrived; 0 while no head is being read. */
    private long headStartedNanos;
    /** Whether the bytes arriving now belong to a request's body, not to a head. */
    private boolean inBody;

    private ChannelHandlerContext context;

    final ChannelInboundHandlerAdapter beforeDecoder = new ChannelInboundHandlerAdapter() {
        @Override
        public void handlerAdded(final ChannelHandlerContext ctx) {
            context = ctx;
        }

        @Override
        public void channelRead(final ChannelHandlerContext ctx, final Object message) {
            if (!inBody && headStartedNanos == 0 && message instanceof ByteBuf bytes && bytes.isReadable()) {
                if (bytes.getByte(bytes.readerIndex()) == TLS_HANDSHAKE) {
                    // A TLS client on the plain port: no request line starts with this byte, and the
                    // decoder's own complaint (a bare line feed, say) would mislead.
                    refuse(ctx, message, NOT_TLS);
                    return;
                }
                headStartedNanos = System.nanoTime();
            }
            ctx.fireChannelRead(message);
        }
    };

    final ChannelInboundHandlerAdapter afterDecoder = new ChannelInboundHandlerAdapter() {
        @Override
        public void channelRead(final ChannelHandlerContext ctx, final Object message) {
            if (refused) {
                ReferenceCountUtil.release(message); // what followed a refused request line
                return;
            }
            if (message instanceof HttpRequest request) {
                headStartedNanos = 0;
                inBody = !(message instanceof LastHttpContent);
                final HttpVersion version = request.protocolVersion();
                if (!"HTTP".equals(version.protocolName())) {
                    refuse(ctx, message, NOT_HTTP); // FOO/1.1
                    return;
                }
                if (version.majorVersion() != 1) {
                    // An HTTP/2 client with prior knowledge opens with "PRI * HTTP/2.0": it reads frames, not
                    // an HTTP/1.1 status line, and is told in its own terms that this port wants HTTP/1.1.
                    refuse(ctx, message, isHttp2Preface(request) ? HTTP_1_1_REQUIRED : VERSION_NOT_SUPPORTED);
                    return;
                }
                if (version != HttpVersion.HTTP_1_1 && version != HttpVersion.HTTP_1_0) {
                    // Vert.x knows Netty's two constants only, and answers 501 to any other HTTP/1 version
                    // (HTTP/1.2, HTTP/01.1; Netty upper-cases http/1.1): RFC 9110 section 2.5 serves a later
                    // minor version as the highest one known.
                    request.setProtocolVersion(
                            version.minorVersion() == 0 ? HttpVersion.HTTP_1_0 : HttpVersion.HTTP_1_1);
                }
            } else if (message instanceof LastHttpContent) {
                inBody = false;
            }
            ctx.fireChannelRead(message);
        }
    };

    /**
     * An HTTP/1 connection whose request line names another major version ({@code GET / HTTP/2.0}),
     * where RFC 9110 says 505, or another protocol than HTTP, which is a malformed request line (400):
     * Vert.x would answer 501 (meant for an unknown method), its status line naming the client's
     * protocol. Answered here, before Vert.x sees the request, and the connection closed.
     */
    private void refuse(final ChannelHandlerContext ctx, final Object message, final ByteBuf answer) {
        refused = true;
        ReferenceCountUtil.release(message);
        ctx.writeAndFlush(answer.duplicate()).addListener(ChannelFutureListener.CLOSE);
    }

    /**
     * Whether this connection has been reading one head for longer than {@code timeoutNanos} at
     * {@code now}; if so, answers 408 and closes it.
     */
    boolean expired(final long now, final long timeoutNanos) {
        if (headStartedNanos == 0 || now - headStartedNanos < timeoutNanos || context == null) {
            return false;
        }
        headStartedNanos = 0;
        context.writeAndFlush(REQUEST_TIMEOUT.duplicate()).addListener(ChannelFutureListener.CLOSE);
        return true;
    }
}
