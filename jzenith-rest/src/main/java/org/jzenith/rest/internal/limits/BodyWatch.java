package org.jzenith.rest.internal.limits;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * Watches one HTTP/1 connection for a request body that arrives too slowly: one that stalls after a
 * few bytes is never answered otherwise (the idle timeout closes the connection without a response),
 * and one sent a byte now and then keeps its connection and its request forever, since every byte
 * resets the idle timeout. Once a body has been arriving for the grace period ({@code
 * rest.limits.header-timeout}, the allowance a head gets), it must have come at {@code
 * rest.limits.min-body-rate} bytes a second on average, or it is answered 408 and its connection
 * closed, as Kestrel's minimum request body data rate does.
 *
 * <p>A chunked body that cannot be decoded is answered 400 here too, where Vert.x would close the
 * connection unanswered.
 *
 * <p>A handler just before Vert.x's own sees the decoded request and body going in and the response
 * coming out, so a 408 is written only where it is the answer the client waits for: the slow
 * request is the only one unanswered on the connection and no response to it has begun. Where the
 * application answered already (without reading the body), the connection is just closed. The
 * server verticle looks at every watch now and then ({@link #expired}). Used on the connection's
 * event loop only.
 */
final class BodyWatch extends ChannelDuplexHandler {

    static final String NAME = "jzenithBodyWatch";

    private static final ByteBuf REQUEST_TIMEOUT =
            RawProblem.of(408, "Request Timeout", "The request body arrived too slowly");

    private static final ByteBuf MALFORMED_BODY = RawProblem.of(
            400,
            "Bad Request",
            "The chunked body is malformed: each chunk starts with its size in hexadecimal on a line of its own,"
                    + " and its data is that long");

    /** What happened to a body too slow, for the sweep to count. */
    enum Outcome {
        /** Still arriving fast enough, or not to be judged now. */
        WAITING,
        /** Answered 408 and closed. */
        ANSWERED,
        /** Closed: the application had answered already. */
        CLOSED
    }

    /** Where a raw 408 is written: the start of the pipeline, past the response encoder. */
    private final ChannelHandlerContext head;

    /** Whether a request's body is arriving: its head is decoded, its last content is not. */
    private boolean bodyArriving;
    /**
     * When a sweep first saw the body arriving (0 until one has): no clock is read per request, and a
     * body is judged up to one sweep period later than its grace.
     */
    private long bodySeenNanos;

    private long bodyBytes;
    private long bodyBytesWhenSeen;
    /** Requests decoded whose response has not been written to its end yet. */
    private int unanswered;
    /** Whether a response has begun and not ended. */
    private boolean responding;

    BodyWatch(final ChannelHandlerContext head) {
        this.head = head;
    }

    @Override
    public void channelRead(final ChannelHandlerContext ctx, final Object message) {
        if (message instanceof HttpRequest) {
            unanswered++;
            bodyArriving = !(message instanceof LastHttpContent);
            bodySeenNanos = 0;
            bodyBytes = 0;
        }
        if (message instanceof HttpContent content
                && !(message instanceof HttpRequest) // a head that cannot be decoded is Vert.x's to answer
                && content.decoderResult().isFailure()
                && unanswered == 1
                && !responding) {
            // A chunk size that is not a hexadecimal number (or data longer than its chunk): Vert.x
            // would close the connection with no answer; the request is answered 400 instead.
            ReferenceCountUtil.release(message);
            bodyArriving = false;
            head.writeAndFlush(MALFORMED_BODY.duplicate()).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        if (message instanceof HttpContent content && bodyArriving) {
            bodyBytes += content.content().readableBytes();
            bodyArriving = !(message instanceof LastHttpContent);
        }
        ctx.fireChannelRead(message);
    }

    @Override
    public void write(final ChannelHandlerContext ctx, final Object message, final ChannelPromise promise) {
        if (message instanceof HttpResponse response
                && response.status().codeClass() != HttpStatusClass.INFORMATIONAL) {
            responding = true;
        }
        if (message instanceof LastHttpContent && responding) {
            responding = false;
            unanswered = Math.max(0, unanswered - 1);
        }
        ctx.write(message, promise);
    }

    /**
     * Whether the body arriving has come slower than {@code minBytesPerSecond} on average since a sweep
     * first saw it, judged once {@code graceNanos} have passed at {@code now}; if so, answers or closes.
     */
    Outcome expired(final long now, final long graceNanos, final long minBytesPerSecond) {
        if (!bodyArriving) {
            return Outcome.WAITING;
        }
        if (bodySeenNanos == 0) {
            bodySeenNanos = now;
            bodyBytesWhenSeen = bodyBytes;
            return Outcome.WAITING;
        }
        final long elapsed = now - bodySeenNanos;
        if (elapsed < graceNanos || (bodyBytes - bodyBytesWhenSeen) * 1_000_000_000.0 / elapsed >= minBytesPerSecond) {
            return Outcome.WAITING;
        }
        if (responding || unanswered > 1) {
            return Outcome.WAITING; // an answer is being written, or earlier ones are owed first
        }
        bodyArriving = false;
        if (unanswered == 0) {
            head.close();
            return Outcome.CLOSED;
        }
        head.writeAndFlush(REQUEST_TIMEOUT.duplicate()).addListener(ChannelFutureListener.CLOSE);
        return Outcome.ANSWERED;
    }
}
