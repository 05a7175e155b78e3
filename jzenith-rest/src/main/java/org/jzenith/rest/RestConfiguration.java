package org.jzenith.rest;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.jzenith.core.configuration.DurationRange;
import org.jzenith.core.configuration.Range;

/**
 * Settings of the REST plugin, under {@code rest.}:
 *
 * <pre>
 * rest.host=0.0.0.0          # default; 127.0.0.1 in the dev profile
 * rest.port=8080               # 0 picks a free port; the bound one is logged and injectable (RestServer)
 * rest.max-body-size=1048576   # bytes; larger request bodies get 413
 * rest.idle-timeout=60s
 * rest.retry-after=1s          # Retry-After of a 503 while a store is away
 * rest.suspend-timeout=30s     # a @Suspended AsyncResponse not resumed by then is answered 503
 * rest.uploads-directory=...   # where multipart file parts go while a request runs (default: a private temp folder)
 *
 * rest.limits.max-in-flight=512         # resource requests served at once; more wait in a queue
 * rest.limits.max-queued=512            # requests that may wait; past it, 503 with Retry-After
 * rest.limits.queue-timeout=10s         # a request that waited this long is answered 503
 * rest.limits.max-connections=10000     # open connections; more are closed when they connect
 * rest.limits.header-timeout=10s        # a request line and headers must arrive within this
 * rest.limits.min-body-rate=1024        # bytes a second a body must average once header-timeout has passed
 * rest.limits.max-request-line=4096     # bytes; a longer request line gets 414
 * rest.limits.max-header-size=8192      # bytes of all headers; more gets 431
 * rest.tls.certificate=/etc/tls/tls.crt    # PEM; with rest.tls.private-key, the port speaks HTTPS
 * rest.tls.private-key=/etc/tls/tls.key    # PEM (PKCS#8, PKCS#1 or SEC1)
 * rest.tls.key-store=/etc/tls/server.p12   # or PKCS#12 instead of the PEM pair
 * rest.tls.key-store-password=${TLS_PASSWORD}   # masked in logs
 * rest.tls.reload-period=1m                # how often the files are checked for a new certificate
 * rest.tls.plain-port=8080                 # unset: no plain port; else one that redirects (308) or serves
 * rest.tls.plain=redirect                  # redirect | serve
 * rest.http2.enabled=true                  # HTTP/2 over ALPN on TLS
 * rest.http2.cleartext=false               # h2c (upgrade and prior knowledge) on a plain port
 * rest.compression.enabled=false           # gzip and deflate of compressible bodies
 * rest.compression.min-size=1024           # smaller bodies are sent as they are
 * rest.compression.level=6
 * rest.cors.origins=https://app.example.com,https://admin.example.com   # or *; unset: no CORS
 * rest.cors.origin-patterns=https://.*\.example\.com                 # regular expressions
 * rest.cors.methods=GET,HEAD,POST,PUT,PATCH,DELETE
 * rest.cors.headers=Content-Type,Authorization                         # unset: those the preflight asks for
 * rest.cors.exposed-headers=Location
 * rest.cors.credentials=false
 * rest.cors.max-age=10m
 * rest.security-headers.enabled=true       # X-Content-Type-Options, X-Frame-Options, and HSTS with TLS
 * rest.security-headers.hsts-max-age=31536000
 * rest.json.coerce-scalars=false          # true: read 5 as "5", "5" as 5, 5.7 as 5, "true" as true
 * </pre>
 *
 * <p>{@code rest.openapi.*} belongs to {@code OpenApiPlugin} of {@code jzenith-openapi}.
 */
@ConfigMapping(prefix = "rest")
public interface RestConfiguration {

    /**
     * The address to listen on: unset, {@code 0.0.0.0}, but {@code 127.0.0.1} in the {@code dev}
     * profile, where a service is tried out on one's own machine (see {@link
     * RestPlugin#configurationDefaults()}).
     */
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
     * deleted when it is answered); unset means a folder of the application's own in the JVM's
     * temporary directory, {@code jzenith-uploads-} and a random suffix, that only the user the
     * service runs as may enter, made at start (when a resource method takes parts) and removed at
     * stop. A folder set here is used as it is and kept.
     */
    Optional<String> uploadsDirectory();

    /** Server verticles (one HTTP server each); unset means one per event loop. */
    @Range(min = 1, max = 1024)
    OptionalInt instances();

    /** How much work and how many connections the server takes on before it refuses more. */
    Limits limits();

    /** How JSON bodies are read; see {@link Json}. */
    Json json();

    /**
     * How JSON request bodies are read.
     *
     * <pre>
     * rest.json.coerce-scalars=false
     * </pre>
     */
    interface Json {

        /**
         * Whether a JSON scalar of one kind is read as another where the body's type asks for it:
         * {@code {"name":5}} as the string {@code "5"}, {@code "5"} as a number, {@code 5.7} as the
         * whole number 5, {@code "true"} or {@code 1} as a boolean, {@code 1} as an enum constant.
         * Off (the default), such a body is a 400 naming the field and the kind expected.
         */
        @WithDefault("false")
        boolean coerceScalars();
    }

    /** The access log; see {@link AccessLog}. */
    AccessLog accessLog();

    /**
     * One line per request on the logger {@code jzenith.access} (method, path, route, status,
     * bytes, duration, trace id), written by a thread of its own so that logging never blocks an
     * event loop.
     *
     * <pre>
     * rest.access-log.enabled=true
     * </pre>
     */
    interface AccessLog {

        /** Whether requests are logged; off costs nothing. */
        @WithDefault("false")
        boolean enabled();
    }

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

        /**
         * The slowest a request body may arrive, in bytes a second on average from the end of its
         * headers, judged once {@code header-timeout} has passed; a slower one is answered 408 and
         * disconnected. The idle timeout cannot catch a body sent a byte now and then, and one that
         * stalls would otherwise be closed unanswered. 1024 lets a 1 MiB body take 17 minutes.
         */
        @Range(min = 1, max = 1_073_741_824)
        @WithDefault("1024")
        int minBodyRate();

        /** The longest request line (method, target, version) accepted, in bytes; longer gets 414. */
        @Range(min = 256, max = 1_048_576)
        @WithDefault("4096")
        int maxRequestLine();

        /** The most bytes of headers accepted in one request; more gets 431. */
        @Range(min = 1024, max = 1_048_576)
        @WithDefault("8192")
        int maxHeaderSize();
    }

    /** TLS on {@code rest.port}, off unless a certificate is configured; see {@link Tls}. */
    Tls tls();

    /** HTTP/2; see {@link Http2}. */
    Http2 http2();

    /** Response compression; see {@link Compression}. */
    Compression compression();

    /** Cross-origin resource sharing; see {@link Cors}. */
    Cors cors();

    /** The security headers of every response; see {@link SecurityHeaders}. */
    SecurityHeaders securityHeaders();

    /**
     * TLS on {@code rest.port}: a PEM certificate chain and its private key, or a PKCS#12 key store.
     * The files are read again every {@code reload-period}; a new certificate is served without a
     * restart, and a file that cannot be used keeps the old one (logged at WARN).
     *
     * <pre>
     * rest.tls.certificate=/etc/tls/tls.crt
     * rest.tls.private-key=/etc/tls/tls.key
     * rest.tls.plain-port=8080     # http://host:8080/x answers 308 to https://host:8443/x
     * </pre>
     */
    interface Tls {

        /** The certificate chain, a PEM file (the server's certificate first). */
        Optional<String> certificate();

        /** The private key of {@link #certificate()}, a PEM file. */
        Optional<String> privateKey();

        /** A PKCS#12 key store holding the key and its certificate chain, instead of the PEM pair. */
        Optional<String> keyStore();

        /** The password of {@link #keyStore()}; masked in logs and messages. */
        Optional<String> keyStorePassword();

        /** How often the files are checked for a new certificate. */
        @DurationRange(min = "100ms", max = "1h")
        @WithDefault("1m")
        Duration reloadPeriod();

        /** A plain HTTP port beside the TLS one; unset means none. */
        @Range(min = 0, max = 65535, hint = "0 picks a free port")
        OptionalInt plainPort();

        /** What the plain port does: redirect to HTTPS (308) or serve the same routes. */
        @WithDefault("redirect")
        PlainMode plain();
    }

    /** What {@code rest.tls.plain-port} does. */
    enum PlainMode {
        /** Answers 308 with the same path on HTTPS. */
        REDIRECT,
        /** Serves the same routes as the TLS port, unencrypted. */
        SERVE
    }

    /**
     * HTTP/2: offered through ALPN on TLS (clients that do not ask for it speak HTTP/1.1), and on
     * plain ports as h2c (an {@code Upgrade: h2c} or prior knowledge) when {@code cleartext} is set.
     */
    interface Http2 {

        /** Whether HTTP/2 is offered at all. */
        @WithDefault("true")
        boolean enabled();

        /**
         * Whether plain ports speak h2c too. Off by default, though offering it cost no
         * measurable CPU per HTTP/1.1 request (benchmarks/RESULTS.md): browsers never speak it,
         * and a proxy that forwards {@code Upgrade: h2c} lets clients tunnel past its rules (h2c
         * smuggling). Turn it on for a mesh or proxy that speaks h2c to the service.
         */
        @WithDefault("false")
        boolean cleartext();
    }

    /**
     * gzip and deflate of response bodies whose type is compressible and whose size is at least
     * {@code min-size}, for clients whose {@code Accept-Encoding} asks for them. Off by default:
     * gzipping even a small body took twice the CPU of the whole request without it (the
     * decision alone costs nothing measurable; benchmarks/RESULTS.md), and a proxy in front often
     * compresses already.
     *
     * <pre>
     * rest.compression.enabled=true
     * rest.compression.min-size=1024
     * </pre>
     */
    interface Compression {

        /** Whether responses are compressed. */
        @WithDefault("false")
        boolean enabled();

        /** The smallest body compressed, in bytes; smaller ones gain too little to pay for it. */
        @Range(min = 0, hint = "in bytes")
        @WithDefault("1024")
        int minSize();

        /** The compression level, 1 (fastest) to 9 (smallest). */
        @Range(min = 1, max = 9)
        @WithDefault("6")
        int level();

        /**
         * The media types compressed ({@code text/*} is every text type but {@code
         * text/event-stream}, whose events must not wait in a compressor); others are sent as they
         * are.
         */
        @WithDefault("text/*,application/json,application/problem+json,application/xml,application/javascript,"
                + "image/svg+xml,application/x-ndjson")
        List<String> types();
    }

    /**
     * Cross-origin resource sharing, answered by Vert.x Web's CORS handler before anything else:
     * preflights never reach a resource, and a request from an origin not allowed is answered 403.
     * Off unless {@code origins} or {@code origin-patterns} is set.
     *
     * <pre>
     * rest.cors.origins=https://app.example.com
     * rest.cors.credentials=true
     * </pre>
     */
    interface Cors {

        /** The allowed origins, exactly ({@code https://app.example.com}), or {@code *} for any. */
        Optional<List<String>> origins();

        /** Regular expressions an allowed origin matches, such as {@code https://.*\.example\.com}. */
        Optional<List<String>> originPatterns();

        /** The methods allowed across origins. */
        @WithDefault("GET,HEAD,POST,PUT,PATCH,DELETE")
        List<String> methods();

        /** The request headers allowed; unset allows those a preflight asks for. */
        Optional<List<String>> headers();

        /** The response headers scripts may read besides the simple ones. */
        Optional<List<String>> exposedHeaders();

        /** Whether cookies and credentials may be sent; not with the origin {@code *}. */
        @WithDefault("false")
        boolean credentials();

        /** How long a browser may cache a preflight's answer. */
        @DurationRange(min = "0s", max = "24h")
        Optional<Duration> maxAge();
    }

    /**
     * Headers every response carries for the clients' safety: {@code X-Content-Type-Options: nosniff},
     * {@code X-Frame-Options: DENY} and, on TLS, {@code Strict-Transport-Security}.
     */
    interface SecurityHeaders {

        /** Whether they are sent. */
        @WithDefault("true")
        boolean enabled();

        /** The {@code max-age} of {@code Strict-Transport-Security} in seconds; 0 sends none. */
        @Range(min = 0, hint = "in seconds, such as 31536000 for a year")
        @WithDefault("31536000")
        long hstsMaxAge();
    }
}
