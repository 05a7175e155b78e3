package org.jzenith.core.store;

import java.util.Optional;

/**
 * The client a store plugin hands the application before it exists: the injector creates the
 * application's singletons before plugins start, so a plugin binds a façade that delegates to the
 * client held here once the plugin has started. Before start and after stop, {@link #get()} fails
 * with a {@link StoreUnavailableException}, as when the store is away.
 *
 * <pre>{@code
 * private final LateBound<Redis> client = LateBound.of("redis");
 * // start():  client.start(Redis.createClient(vertx, options));
 * // façade:   client.get().send(request)
 * // stop():   client.stop().ifPresent(Redis::close);
 * }</pre>
 *
 * <p>Thread-safe: the value is published through a volatile field, so the hot path reads it without
 * locking or allocating.
 *
 * @param <T> what the plugin runs: a client, a pool, or a record of several
 */
public final class LateBound<T> {

    private final String store;
    private volatile T running;
    private volatile String state = "has not started yet";

    private LateBound(final String store) {
        this.store = store;
    }

    /** An empty holder for the plugin named {@code store}. */
    public static <T> LateBound<T> of(final String store) {
        return new LateBound<>(store);
    }

    /** Makes {@code value} the running one. */
    public void start(final T value) {
        running = value;
    }

    /** Forgets the running value and returns it, for the plugin to close. */
    public Optional<T> stop() {
        final T stopped = running;
        state = "has stopped";
        running = null;
        return Optional.ofNullable(stopped);
    }

    /** The running value, while the plugin runs. */
    public Optional<T> current() {
        return Optional.ofNullable(running);
    }

    /**
     * The running value.
     *
     * @throws StoreUnavailableException while the plugin does not run
     */
    public T get() {
        final T current = running;
        if (current == null) {
            throw notRunning();
        }
        return current;
    }

    /** The failure of a call made while the plugin does not run, to throw or to fail a future with. */
    public StoreUnavailableException notRunning() {
        return new StoreUnavailableException(store, whyNotRunning());
    }

    /** Why there is no value: {@code the redis plugin has not started yet}, or {@code ... has stopped}. */
    public String whyNotRunning() {
        return "the " + store + " plugin " + state;
    }
}
