package org.jzenith.rest.internal.limits;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.io.IOException;
import javax.net.ssl.SSLException;

/**
 * Closes an HTTP/1 connection whose socket failed (the client reset it, the pipe broke) instead of
 * handing the failure to Vert.x. Vert.x 5.0 hands it to the request being received too, and when
 * that request is a pipelined one still queued behind another, its response does not exist yet: a
 * {@code NullPointerException} that Netty logs at WARN, once per such connection (every
 * pipelining client that stops mid-stream, such as wrk at the end of a run). Closing goes through
 * Vert.x's close handling instead, which ends the request being answered as a closed connection,
 * as for any client that goes away. TLS failures are left to Vert.x.
 *
 * <p>Stateless and shared by every connection; on the connection's event loop.
 */
@ChannelHandler.Sharable
final class ClientResets extends ChannelInboundHandlerAdapter {

    static final ClientResets INSTANCE = new ClientResets();
    static final String NAME = "jzenithClientResets";

    private ClientResets() {}

    @Override
    public void exceptionCaught(final ChannelHandlerContext context, final Throwable cause) {
        if (cause instanceof IOException && !(cause instanceof SSLException)) {
            context.close();
            return;
        }
        context.fireExceptionCaught(cause);
    }
}
