package org.jzenith.core.store;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one lifecycle of a store plugin's dev service: <b>start</b> the server off the event loop
 * before the plugin connects, <b>recover</b> from a failed start by stopping the server again (a
 * start that fails is not stopped, and must leave no server behind), and <b>stop</b> it after the
 * plugin's clients have closed. Each step is logged the same way for every store, under the
 * plugin's logger. A plugin that starts on a thread of its own uses {@link #startNow} and {@link
 * #stopNow} instead of the asynchronous pair.
 *
 * <pre>{@code
 * private final DevServiceLifecycle<RedisDevService.Running> devService =
 *         DevServiceLifecycle.loggingAs(RedisPlugin.class);
 *
 * public Future<Void> start(final PluginContext context) {
 *     Optional<RedisDevService> dev = RedisDevService.of(core, configuration);
 *     return devService.start(
 *             context.vertx(),
 *             dev.map(service -> () -> service.start(password)),   // blocking, on a worker thread
 *             running -> connect(context, running));             // the server, when one was started
 * }
 *
 * public Future<Void> stop(final PluginContext context) {
 *     return closeClients().transform(closed -> devService.stop(context.vertx()));
 * }
 * }</pre>
 *
 * <p>Called from the application's lifecycle thread; the server it keeps is read by any thread.
 *
 * @param <S> the plugin's started server
 */
public final class DevServiceLifecycle<S extends DevServer> {

    private final Logger log;
    private final AtomicReference<Optional<S>> running = new AtomicReference<>(Optional.empty());

    private DevServiceLifecycle(final Logger log) {
        this.log = log;
    }

    /** The lifecycle of {@code plugin}'s dev service, logging under the plugin's name. */
    public static <S extends DevServer> DevServiceLifecycle<S> loggingAs(final Class<?> plugin) {
        return new DevServiceLifecycle<>(LoggerFactory.getLogger(plugin));
    }

    /**
     * Starts the server with {@code start} on a worker thread, when there is one to start, then runs
     * {@code connect} with it (or with nothing); when either fails, stops the server and fails with
     * that failure.
     */
    public <T> Future<T> start(
            final Vertx vertx,
            final Optional<? extends Supplier<? extends S>> start,
            final Function<Optional<S>, Future<T>> connect) {
        return start.map(starting -> vertx.executeBlocking(() -> Optional.of(startNow(starting)), false))
                .orElseGet(() -> Future.succeededFuture(Optional.empty()))
                .compose(connect)
                .recover(failure -> stop(vertx).transform(stopped -> Future.failedFuture(failure)));
    }

    /**
     * Starts the server with {@code start} on this thread and keeps it; for a plugin that starts on
     * a thread of its own (a virtual thread), which then calls {@link #stopNow()} when its start fails.
     */
    public S startNow(final Supplier<? extends S> start) {
        final S server = start.get();
        running.set(Optional.of(server));
        log.info(
                "Dev service ({} profile): started {}, its data in {}{}",
                server.services().profile(),
                server.describe(),
                server.folder(),
                server.services().keepsData() ? "" : " (deleted when it stops)");
        return server;
    }

    /** Stops the server on a worker thread, if one runs; completes when it has gone. */
    public Future<Void> stop(final Vertx vertx) {
        if (running.get().isEmpty()) {
            return Future.succeededFuture();
        }
        return vertx.executeBlocking(
                () -> {
                    stopNow();
                    return null;
                },
                false);
    }

    /** Stops the server on this thread, if one runs, and returns once it has gone; blocks. */
    public void stopNow() {
        running.getAndSet(Optional.empty()).ifPresent(server -> {
            server.close();
            log.info("Dev service: stopped {}", server.describe());
        });
    }

    /** The server while it runs. */
    public Optional<S> running() {
        return running.get();
    }

    /** The server's process while it runs, for tests that check it has gone after stop. */
    public Optional<Long> pid() {
        return running.get().map(DevServer::pid);
    }
}
