package org.jzenith.rest;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.jzenith.core.configuration.DurationRange;
import org.jzenith.core.configuration.Range;

/**
 * Settings of the REST plugin, under {@code rest.}:
 *
 * <pre>
 * rest.host=0.0.0.0
 * rest.port=8080               # 0 picks a free port; the bound one is logged and injectable (RestServer)
 * rest.max-body-size=1048576   # bytes; larger request bodies get 413
 * rest.idle-timeout=60s
 * rest.retry-after=1s          # Retry-After of a 503 while a store is away
 * rest.suspend-timeout=30s     # a @Suspended AsyncResponse not resumed by then is answered 503
 * rest.uploads-directory=...   # where multipart file parts go while a request runs (default: the temp dir)
 *
 * rest.limits.max-in-flight=512         # resource requests served at once; more wait in a queue
 * rest.limits.max-queued=512            # requests that may wait; past it, 503 with Retry-After
 * rest.limits.queue-timeout=10s         # a request that waited this long is answered 503
 * rest.limits.max-connections=10000     # open connections; more are closed when they connect
 * rest.limits.header-timeout=10s        # a request line and headers must arrive within this
 * rest.limits.max-request-line=4096     # bytes; a longer request line gets 414
 * rest.limits.max-header-size=8192      # bytes of all headers; more gets 431
 * </pre>
 */
@ConfigMapping(prefix = "rest")
public interface RestConfiguration {

    /** The address to listen on. */
    @WithDefault("0.0.0.0")
    String host();

    /** The port to listen on; 0 picks a free one. */
    @Range(min = 0, max = 65535, hint = "0 picks a free port")
    @WithDefault("8080")
    int port();

    /** The largest request body accepted, in bytes; larger ones are answered with 413. */
    @Range(min = 1, hint = "in bytes, such as 1048576 for 1 MiB")
    @WithDefault("1048576")
    long maxBodySize();

    /** How long an idle keep-alive connection is kept open. */
    @DurationRange(min = "1s", max = "1h")
    @WithDefault("60s")
    Duration idleTimeout();

    /**
     * The {@code Retry-After} of a 503 answered because a store the request needs is away (the
     * database, Redis): how long clients should wait before they try again. Whole seconds.
     */
    @DurationRange(min = "1s", max = "1h")
    @WithDefault("1s")
    Duration retryAfter();

    /**
     * How long a request answered through a {@code @Suspended AsyncResponse} may wait to be resumed
     * when the method sets no timeout of its own; then it is answered 503, as a timed-out
     * AsyncResponse is, so that no request waits for ever.
     */
    @DurationRange(min = "1ms", max = "1h")
    @WithDefault("30s")
    Duration suspendTimeout();

    /**
     * Where the file parts of multipart requests are written while the request runs (they are
     * deleted when it is answered); unset means {@code jzenith-uploads} in the JVM's temporary
     * directory.
     */
    Optional<String> uploadsDirectory();

    /** Server verticles (one HTTP server each); unset means one per event loop. */
    @Range(min = 1, max = 1024)
    OptionalInt instances();

    /** How much work and how many connections the server takes on before it refuses more. */
    Limits limits();

    /**
     * Bounds that keep an overloaded or attacked service answering: work past them is refused early
     * and cheaply (503 with {@code Retry-After}, counted in {@code http.server.rejected}) rather than
     * piling up until memory runs out. Health and metrics routes are not limited, so probes still
     * answer under load.
     */
    interface Limits {

        /**
         * Resource requests being served at once, across all event loops; a request past it waits in
         * the queue.
         */
        @Range(min = 1, max = 1_000_000)
        @WithDefault("512")
        int maxInFlight();

        /** Requests that may wait for a free place; one past it is answered 503 at once. 0 queues none. */
        @Range(min = 0, max = 1_000_000)
        @WithDefault("512")
        int maxQueued();

        /** How long a request may wait in the queue before it is answered 503. */
        @DurationRange(min = "1ms", max = "10m")
        @WithDefault("10s")
        Duration queueTimeout();

        /** Connections open at once; one more is closed as soon as it is accepted. */
        @Range(min = 1, max = 10_000_000)
        @WithDefault("10000")
        int maxConnections();

        /**
         * How long a client may take to send a request line and its headers, from its first byte; a
         * slower one is answered 408 and disconnected. The idle timeout cannot catch it, since every
         * byte resets that.
         */
        @DurationRange(min = "100ms", max = "10m")
        @WithDefault("10s")
        Duration headerTimeout();

        /** The longest request line (method, target, version) accepted, in bytes; longer gets 414. */
        @Range(min = 256, max = 1_048_576)
        @WithDefault("4096")
        int maxRequestLine();

        /** The most bytes of headers accepted in one request; more gets 431. */
        @Range(min = 1024, max = 1_048_576)
        @WithDefault("8192")
        int maxHeaderSize();
    }
}
