package org.jzenith.postgresql;

import io.vertx.core.VertxException;

/**
 * A call on the injected pool or client before the plugin started or after it stopped; answered
 * with 503, like a call while the database is away.
 */
final class NotRunningException extends VertxException {

    private static final long serialVersionUID = 1L;

    NotRunningException(final String state) {
        super("The postgresql plugin " + state + "; there is no connection pool", true);
    }
}
