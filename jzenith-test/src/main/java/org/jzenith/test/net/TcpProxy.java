package org.jzenith.test.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A real TCP proxy on a free loopback port, for tests that make a database or cache "go away"
 * without stopping the real server.
 *
 * <pre>{@code
 * try (TcpProxy proxy = TcpProxy.start("127.0.0.1", 5432)) {
 *     app.withConfiguration("jdbc.url", "jdbc:postgresql://127.0.0.1:" + proxy.port() + "/test");
 *     ...
 *     proxy.cut();       // every open connection is reset, new ones are reset at once
 *     ...
 *     proxy.restore();   // new connections reach the server again
 *     proxy.stall();     // new connections are accepted but not answered, as by a server too busy
 *     proxy.restore();   // ... until now: they reach the server
 * }
 * }</pre>
 *
 * <p>Each accepted connection is copied both ways by two virtual threads. While cut, the proxy
 * still accepts (so that the port stays its own) but resets each new connection at once, which a
 * client sees as the server being away. At most {@value #MAX_CONNECTIONS} connections are open
 * at a time; more are reset. {@link #close()} stops accepting, resets every connection and waits
 * briefly for the threads to end.
 *
 * <p>Thread-safe: {@link #cut()}, {@link #restore()} and {@link #close()} may be called from any
 * thread.
 */
public final class TcpProxy implements AutoCloseable {

    /** The most connections open at once; more are reset on arrival. */
    public static final int MAX_CONNECTIONS = 256;

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);
    private static final int BUFFER_SIZE = 16 * 1024;
    private static final AtomicLong IDS = new AtomicLong();

    private final InetSocketAddress target;
    private final ServerSocket server;
    private final ThreadFactory threads;
    private final Thread acceptor;
    private final Set<Link> links = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean cut = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong clientTurns = new AtomicLong();
    private volatile long replyDelayNanos;
    private final ReentrantLock stallLock = new ReentrantLock();
    private final Condition unstalled = stallLock.newCondition();
    private boolean stalled; // guarded by stallLock

    private TcpProxy(final InetSocketAddress target, final ServerSocket server) {
        this.target = target;
        this.server = server;
        final long id = IDS.incrementAndGet();
        this.threads =
                Thread.ofVirtual().name("jzenith-tcp-proxy-" + id + "-", 0).factory();
        this.acceptor =
                Thread.ofVirtual().name("jzenith-tcp-proxy-" + id + "-accept").unstarted(this::acceptLoop);
    }

    /**
     * Starts a proxy to {@code host:port}, listening on a free port of {@code 127.0.0.1}. The
     * target need not be up yet: each connection is forwarded when it arrives.
     */
    public static TcpProxy start(final String host, final int port) {
        Objects.requireNonNull(host, "host");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not a TCP port (1 to 65535)");
        }
        final ServerSocket server;
        try {
            server = new ServerSocket();
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        } catch (final IOException e) {
            throw new UncheckedIOException(
                    "cannot listen on a free loopback port for a proxy to " + host + ":" + port, e);
        }
        final TcpProxy proxy = new TcpProxy(InetSocketAddress.createUnresolved(host, port), server);
        proxy.acceptor.start();
        return proxy;
    }

    /** The loopback address the proxy listens on: {@code 127.0.0.1}. */
    public String host() {
        return server.getInetAddress().getHostAddress();
    }

    /** The port the proxy listens on. */
    public int port() {
        return server.getLocalPort();
    }

    /** How many proxied connections are open now. */
    public int openConnections() {
        return links.size();
    }

    /** How many connections the proxy has accepted since it started, including reset ones. */
    public long acceptedConnections() {
        return accepted.get();
    }

    /**
     * How many times, over every connection since the proxy started, a client sent after the server
     * had answered (or first): its round trips. A client that pipelines sends several requests in
     * one turn.
     */
    public long clientTurns() {
        return clientTurns.get();
    }

    /**
     * Holds each piece of the server's answers for {@code delay} before passing it on, as a distant
     * server would: whatever a client sends meanwhile is one turn with what it sent before.
     * {@link Duration#ZERO} forwards at once again.
     */
    public void delayReplies(final Duration delay) {
        replyDelayNanos = delay.toNanos();
    }

    /** Whether the proxy is cut. */
    public boolean isCut() {
        return cut.get();
    }

    /**
     * Resets every open connection and every new one until {@link #restore()}: to clients, the
     * server has gone away. Returns once every open connection is closed.
     */
    public void cut() {
        cut.set(true);
        closeAll();
    }

    /**
     * Accepts new connections but holds them, unanswered, until {@link #restore()}: to clients, a
     * server too loaded to answer in time. Open connections go on as they were.
     */
    public void stall() {
        stallLock.lock();
        try {
            stalled = true;
        } finally {
            stallLock.unlock();
        }
    }

    /** Forwards new connections again, and the ones held by {@link #stall()}. */
    public void restore() {
        cut.set(false);
        stallLock.lock();
        try {
            stalled = false;
            unstalled.signalAll();
        } finally {
            stallLock.unlock();
        }
    }

    /** Stops listening and resets every connection; waits briefly for the proxy's threads. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            server.close();
        } catch (final IOException e) {
            // closing anyway
        }
        closeAll();
        try {
            acceptor.join(CLOSE_WAIT);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "TcpProxy[" + host() + ":" + port() + " -> " + target.getHostString() + ":" + target.getPort()
                + (cut.get() ? ", cut" : "") + "]";
    }

    private void closeAll() {
        final List<Link> open = new ArrayList<>(links);
        open.forEach(Link::close);
    }

    private void acceptLoop() {
        while (!closed.get()) {
            final Socket client;
            try {
                client = server.accept();
            } catch (final IOException e) {
                if (closed.get()) {
                    return;
                }
                continue;
            }
            accepted.incrementAndGet();
            if (cut.get() || closed.get() || links.size() >= MAX_CONNECTIONS) {
                reset(client);
                continue;
            }
            threads.newThread(() -> connect(client)).start();
        }
    }

    private void connect(final Socket client) {
        final Socket upstream = new Socket();
        final Link link = new Link(client, upstream);
        links.add(link);
        if (!awaitUnstalled()) {
            link.close();
            return;
        }
        try {
            client.setTcpNoDelay(true);
            upstream.setTcpNoDelay(true);
            upstream.connect(
                    new InetSocketAddress(target.getHostString(), target.getPort()), (int) CONNECT_TIMEOUT.toMillis());
        } catch (final IOException e) {
            link.close();
            return;
        }
        // cut() may have run while connecting: it closed the link, or this check sees the flag.
        if (cut.get() || closed.get()) {
            link.close();
            return;
        }
        final Thread back = threads.newThread(() -> pump(upstream, client, link, false));
        back.start();
        pump(client, upstream, link, true);
    }

    /** Waits while the proxy is stalled; false when it was closed meanwhile. */
    private boolean awaitUnstalled() {
        stallLock.lock();
        try {
            while (stalled && !closed.get()) {
                unstalled.await(100, TimeUnit.MILLISECONDS);
            }
            return !closed.get();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            stallLock.unlock();
        }
    }

    private void pump(final Socket from, final Socket to, final Link link, final boolean toServer) {
        final byte[] buffer = new byte[BUFFER_SIZE];
        try {
            final InputStream in = from.getInputStream();
            final OutputStream out = to.getOutputStream();
            int read;
            while ((read = in.read(buffer)) >= 0) {
                if (toServer) {
                    if (link.answered.getAndSet(false)) {
                        clientTurns.incrementAndGet();
                    }
                } else {
                    final long delay = replyDelayNanos;
                    if (delay > 0) {
                        Thread.sleep(Duration.ofNanos(delay)); // the distance being modelled
                    }
                    link.answered.set(true);
                }
                out.write(buffer, 0, read);
                out.flush();
            }
            // An orderly end from one side: pass it on, let the other direction finish.
            to.shutdownOutput();
            if (link.halfClosed()) {
                link.finish();
            }
        } catch (final IOException e) {
            link.close();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            link.close();
        }
    }

    private static void reset(final Socket socket) {
        try {
            socket.setSoLinger(true, 0); // RST rather than FIN: the server is "away", not done
        } catch (final SocketException e) {
            // close anyway
        }
        try {
            socket.close();
        } catch (final IOException e) {
            // nothing more to do
        }
    }

    private static void quietlyClose(final Socket socket) {
        try {
            socket.close();
        } catch (final IOException e) {
            // nothing more to do
        }
    }

    /** One proxied connection: the client's socket and the one to the target. */
    private final class Link {
        private final Socket client;
        private final Socket upstream;
        private final AtomicBoolean closed = new AtomicBoolean();
        private final AtomicLong halfClosed = new AtomicLong();
        /** Whether the server sent since the client last did; true at first: the client opens. */
        private final AtomicBoolean answered = new AtomicBoolean(true);

        Link(final Socket client, final Socket upstream) {
            this.client = client;
            this.upstream = upstream;
        }

        /** Records that one direction ended; true once both have. */
        boolean halfClosed() {
            return halfClosed.incrementAndGet() >= 2;
        }

        /** Ends both sockets at once with a reset, as a vanished server would. */
        void close() {
            if (closed.compareAndSet(false, true)) {
                reset(client);
                reset(upstream);
                links.remove(this);
            }
        }

        /** Closes both sockets in order, after both directions have ended. */
        void finish() {
            if (closed.compareAndSet(false, true)) {
                quietlyClose(client);
                quietlyClose(upstream);
                links.remove(this);
            }
        }
    }
}
