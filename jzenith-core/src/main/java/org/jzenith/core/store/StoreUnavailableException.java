package org.jzenith.core.store;

/**
 * A call failed because a store the application depends on (a database, a cache) cannot be reached
 * or cannot answer now, or because its plugin is not running. The REST plugin answers it, like
 * every failure a store plugin declares with {@link org.jzenith.core.errors.ExceptionMapping#unavailable},
 * with 503 Service Unavailable and {@code Retry-After}: the request may succeed when the store is
 * back.
 *
 * <p>The message says what happened in words fit for a client (no address, no secret); the cause,
 * when there is one, is the client library's own failure.
 */
public class StoreUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String store;

    /** {@code store} (such as {@code redis}) is unavailable because of {@code reason}. */
    public StoreUnavailableException(final String store, final String reason) {
        super(store + " is unavailable: " + reason);
        this.store = store;
    }

    /** {@code store} is unavailable because of {@code reason}, which {@code cause} shows. */
    public StoreUnavailableException(final String store, final String reason, final Throwable cause) {
        super(store + " is unavailable: " + reason, cause);
        this.store = store;
    }

    /** The store's name, as its plugin is named: {@code postgresql}, {@code redis}, {@code jdbc}. */
    public String store() {
        return store;
    }
}
