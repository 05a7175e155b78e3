package org.jzenith.rest.internal.server;

import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The {@code Date} and {@code Server} headers every response carries. The date is formatted once
 * a second by a timer rather than per request, and both are pre-encoded header values.
 *
 * <p>Thread-safe: the date is swapped through a volatile field.
 */
public final class ResponseHeaders implements AutoCloseable {

    private static final CharSequence SERVER = HttpHeaders.createOptimized("jZenith");

    private final Vertx vertx;
    private final long timer;
    private volatile CharSequence date;

    private ResponseHeaders(final Vertx vertx) {
        this.vertx = vertx;
        this.date = now();
        this.timer = vertx.setPeriodic(1000, ignored -> date = now());
    }

    public static ResponseHeaders start(final Vertx vertx) {
        return new ResponseHeaders(vertx);
    }

    /** Adds {@code Date} and {@code Server} to {@code headers}. */
    public void addTo(final MultiMap headers) {
        headers.set(HttpHeaders.DATE, date).set(HttpHeaders.SERVER, SERVER);
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
