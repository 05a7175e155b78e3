package org.jzenith.rest.internal.errors;

import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * Request ids for error responses and their log lines: the client's {@code X-Request-Id} when it
 * sent a sensible one, otherwise a new random one. Made only when an error is answered, so the
 * ordinary request path pays nothing.
 */
public final class RequestIds {

    public static final String HEADER = "X-Request-Id";

    private static final Pattern SENSIBLE = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

    private RequestIds() {}

    public static String of(final RoutingContext context) {
        final String given = context.request().getHeader(HEADER);
        if (given != null && SENSIBLE.matcher(given).matches()) {
            return given;
        }
        return Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
    }
}
