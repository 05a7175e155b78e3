package org.jzenith.rest.internal.server;

import io.vertx.ext.web.MIMEHeader;
import io.vertx.ext.web.RoutingContext;

/**
 * What Vert.x Web's content negotiation leaves out: a media range with {@code q=0} in {@code Accept}
 * means "not this one" (RFC 9110, section 12.4.2), but Vert.x Web matches it like any other. Looked
 * at only when the header has such a weight, which almost no request has.
 */
final class AcceptWeights {

    private AcceptWeights() {}

    /**
     * Whether the type Vert.x Web chose for the response is excluded by the most specific range of
     * {@code Accept} that matches it having {@code q=0}.
     */
    static boolean refusesChosenType(final RoutingContext routing) {
        final String accept = routing.request().getHeader("Accept");
        if (accept == null || !mayHaveZeroWeight(accept)) {
            return false;
        }
        final String chosen = routing.getAcceptableContentType();
        if (chosen == null) {
            return false;
        }
        final int slash = chosen.indexOf('/');
        final String type = slash < 0 ? chosen : chosen.substring(0, slash);
        final String subtype = slash < 0 ? "*" : chosen.substring(slash + 1);
        MIMEHeader closest = null;
        int closestSpecificity = -1;
        for (final MIMEHeader range : routing.parsedHeaders().accept()) {
            final int specificity = specificity(range, type, subtype);
            if (specificity > closestSpecificity) {
                closest = range;
                closestSpecificity = specificity;
            }
        }
        return closest != null && closest.weight() <= 0f;
    }

    private static boolean mayHaveZeroWeight(final String accept) {
        for (int i = accept.indexOf('='); i >= 0; i = accept.indexOf('=', i + 1)) {
            if (i > 0
                    && (accept.charAt(i - 1) == 'q' || accept.charAt(i - 1) == 'Q')
                    && i + 1 < accept.length()
                    && accept.charAt(i + 1) == '0') {
                return true;
            }
        }
        return false;
    }

    /** 2 for type/subtype, 1 for type/*, 0 for * / *, -1 when the range does not match. */
    private static int specificity(final MIMEHeader range, final String type, final String subtype) {
        final boolean anyType = range.component().equals("*");
        final boolean anySubtype = range.subComponent().equals("*");
        if (!anyType && !range.component().equalsIgnoreCase(type)) {
            return -1;
        }
        if (!anySubtype && !range.subComponent().equalsIgnoreCase(subtype)) {
            return -1;
        }
        return anyType ? 0 : anySubtype ? 1 : 2;
    }
}
