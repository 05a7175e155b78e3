package org.jzenith.rest.internal.server;

import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.jzenith.rest.RestConfiguration;

/**
 * The {@code Date} and {@code Server} headers every response carries, and the security headers
 * ({@code rest.security-headers}). The date is formatted once a second by a timer rather than per
 * request, and all are pre-encoded header values, so adding them allocates nothing.
 *
 * <p>Thread-safe: the date is swapped through a volatile field.
 */
public final class ResponseHeaders implements AutoCloseable {

    private static final CharSequence SERVER = HttpHeaders.createOptimized("jZenith");

    private static final CharSequence NOSNIFF = HttpHeaders.createOptimized("nosniff");
    private static final CharSequence DENY = HttpHeaders.createOptimized("DENY");
    private static final CharSequence X_CONTENT_TYPE_OPTIONS = HttpHeaders.createOptimized("X-Content-Type-Options");
    private static final CharSequence X_FRAME_OPTIONS = HttpHeaders.createOptimized("X-Frame-Options");
    private static final CharSequence STRICT_TRANSPORT_SECURITY =
            HttpHeaders.createOptimized("Strict-Transport-Security");

    private final Vertx vertx;
    private final long timer;
    // Names and values of the fixed headers, side by side: a loop over two arrays, no iterator.
    private final CharSequence[] names;
    private final CharSequence[] values;
    private volatile CharSequence date;

    private ResponseHeaders(final Vertx vertx, final CharSequence[] names, final CharSequence[] values) {
        this.vertx = vertx;
        this.names = names;
        this.values = values;
        this.date = now();
        this.timer = vertx.setPeriodic(1000, ignored -> date = now());
    }

    /** {@code Date} and {@code Server} only. */
    public static ResponseHeaders start(final Vertx vertx) {
        return new ResponseHeaders(vertx, new CharSequence[0], new CharSequence[0]);
    }

    /**
     * {@code Date}, {@code Server} and the security headers {@code security} asks for; {@code
     * Strict-Transport-Security} only when {@code tls}, since browsers ignore it on plain HTTP.
     */
    public static ResponseHeaders start(
            final Vertx vertx, final RestConfiguration.SecurityHeaders security, final boolean tls) {
        final List<CharSequence> names = new ArrayList<>();
        final List<CharSequence> values = new ArrayList<>();
        if (security.enabled()) {
            // A JSON API is never a page to sniff or to frame: these keep a browser from doing either.
            names.add(X_CONTENT_TYPE_OPTIONS);
            values.add(NOSNIFF);
            names.add(X_FRAME_OPTIONS);
            values.add(DENY);
            if (tls && security.hstsMaxAge() > 0) {
                names.add(STRICT_TRANSPORT_SECURITY);
                values.add(HttpHeaders.createOptimized("max-age=" + security.hstsMaxAge()));
            }
        }
        return new ResponseHeaders(vertx, names.toArray(CharSequence[]::new), values.toArray(CharSequence[]::new));
    }

    /** Adds {@code Date}, {@code Server} and the security headers to {@code headers}. */
    public void addTo(final MultiMap headers) {
        headers.set(HttpHeaders.DATE, date).set(HttpHeaders.SERVER, SERVER);
        for (int i = 0; i < names.length; i++) {
            headers.set(names[i], values[i]);
        }
    }

    @Override
    public void close() {
        vertx.cancelTimer(timer);
    }

    private static CharSequence now() {
        return HttpHeaders.createOptimized(
                DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)));
    }
}
