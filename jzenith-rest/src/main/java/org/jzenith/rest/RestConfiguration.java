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
}
