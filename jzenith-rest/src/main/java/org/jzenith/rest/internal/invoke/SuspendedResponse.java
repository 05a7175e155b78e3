package org.jzenith.rest.internal.invoke;

import io.vertx.core.Context;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.ServiceUnavailableException;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.CompletionCallback;
import jakarta.ws.rs.container.ConnectionCallback;
import jakarta.ws.rs.container.TimeoutHandler;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jzenith.rest.internal.errors.ErrorResponder;

/**
 * The {@link AsyncResponse} a {@code @Suspended} parameter gets: resumed from any thread, it answers
 * on the request's event loop, with a value as a resource method's result, or a failure as one
 * thrown. It is answered once; later calls return false. A request not resumed within its timeout
 * ({@code rest.suspend-timeout} unless the method sets one) goes to the timeout handler, or is
 * answered 503, as Jakarta REST says, so that no request waits for ever.
 *
 * <p>Thread-safe.
 */
final class SuspendedResponse implements AsyncResponse {

    private enum State {
        SUSPENDED,
        DONE,
        CANCELLED
    }

    private final RoutingContext routing;
    private final Context context;
    private final BodyWriter body;
    private final ErrorResponder errors;
    private final String endpoint;

    private State state = State.SUSPENDED;
    private long timer = -1;
    private Optional<TimeoutHandler> timeoutHandler = Optional.empty();
    private final List<CompletionCallback> completionCallbacks = new ArrayList<>();

    SuspendedResponse(
            final RoutingContext routing,
            final Context context,
            final BodyWriter body,
            final ErrorResponder errors,
            final String endpoint,
            final Duration timeout) {
        this.routing = routing;
        this.context = context;
        this.body = body;
        this.errors = errors;
        this.endpoint = endpoint;
        // On the event loop, where arguments are bound.
        this.timer = context.owner().setTimer(timeout.toMillis(), ignored -> timedOut());
    }

    @Override
    public boolean resume(final Object response) {
        if (!finish(State.DONE)) {
            return false;
        }
        OnContext.run(context, () -> {
            try {
                body.value(routing, 200, response);
            } catch (final RuntimeException e) {
                errors.fail(routing, endpoint, e);
            }
            completed(null);
        });
        return true;
    }

    @Override
    public boolean resume(final Throwable response) {
        if (!finish(State.DONE)) {
            return false;
        }
        OnContext.run(context, () -> {
            errors.fail(routing, endpoint, response);
            completed(response);
        });
        return true;
    }

    @Override
    public boolean cancel() {
        return cancelWith(Optional.empty());
    }

    @Override
    public boolean cancel(final int retryAfter) {
        return cancelWith(Optional.of(Integer.toString(retryAfter)));
    }

    @Override
    public boolean cancel(final Date retryAfter) {
        return cancelWith(Optional.of(DateTimeFormatter.RFC_1123_DATE_TIME.format(
                retryAfter.toInstant().atZone(ZoneOffset.UTC))));
    }

    @Override
    public synchronized boolean isSuspended() {
        return state == State.SUSPENDED;
    }

    @Override
    public synchronized boolean isCancelled() {
        return state == State.CANCELLED;
    }

    @Override
    public synchronized boolean isDone() {
        return state != State.SUSPENDED;
    }

    @Override
    public boolean setTimeout(final long time, final TimeUnit unit) {
        synchronized (this) {
            if (state != State.SUSPENDED) {
                return false;
            }
        }
        OnContext.run(context, () -> {
            context.owner().cancelTimer(timer);
            timer = context.owner().setTimer(Math.max(1, unit.toMillis(time)), ignored -> timedOut());
        });
        return true;
    }

    @Override
    public synchronized void setTimeoutHandler(final TimeoutHandler handler) {
        timeoutHandler = Optional.ofNullable(handler);
    }

    @Override
    public Collection<Class<?>> register(final Class<?> callback) {
        return register(instantiate(callback));
    }

    @Override
    public Map<Class<?>, Collection<Class<?>>> register(final Class<?> callback, final Class<?>... callbacks) {
        final Object[] instances = new Object[callbacks.length];
        for (int i = 0; i < callbacks.length; i++) {
            instances[i] = instantiate(callbacks[i]);
        }
        return register(instantiate(callback), instances);
    }

    @Override
    public synchronized Collection<Class<?>> register(final Object callback) {
        final List<Class<?>> registered = new ArrayList<>();
        if (callback instanceof CompletionCallback completion) {
            completionCallbacks.add(completion);
            registered.add(CompletionCallback.class);
        }
        if (callback instanceof ConnectionCallback connection) {
            OnContext.run(context, () -> routing.response().closeHandler(ignored -> {
                if (isSuspended()) {
                    connection.onDisconnect(this);
                }
            }));
            registered.add(ConnectionCallback.class);
        }
        return registered;
    }

    @Override
    public Map<Class<?>, Collection<Class<?>>> register(final Object callback, final Object... callbacks) {
        final Map<Class<?>, Collection<Class<?>>> registered = new HashMap<>();
        registered.put(callback.getClass(), register(callback));
        for (final Object more : callbacks) {
            registered.put(more.getClass(), register(more));
        }
        return registered;
    }

    /** A callback registered by class, made as Jakarta REST makes it: with its public no-argument constructor. */
    private static Object instantiate(final Class<?> callback) {
        try {
            return callback.getConstructor().newInstance();
        } catch (final ReflectiveOperationException e) {
            throw new IllegalArgumentException(
                    callback.getName() + " cannot be made with a public no-argument"
                            + " constructor; register an instance instead",
                    e);
        }
    }

    /** Moves to {@code next} if still suspended; whether it did. */
    private synchronized boolean finish(final State next) {
        if (state != State.SUSPENDED) {
            return false;
        }
        state = next;
        return true;
    }

    private boolean cancelWith(final Optional<String> retryAfter) {
        if (!finish(State.CANCELLED)) {
            return false;
        }
        OnContext.run(context, () -> {
            retryAfter.ifPresent(value -> routing.response().putHeader(HttpHeaders.RETRY_AFTER, value));
            errors.send(routing, 503, "The request was cancelled; try again later");
            completed(null);
        });
        return true;
    }

    /** On the event loop. */
    private void timedOut() {
        final Optional<TimeoutHandler> handler;
        synchronized (this) {
            if (state != State.SUSPENDED) {
                return;
            }
            handler = timeoutHandler;
        }
        if (handler.isPresent()) {
            try {
                handler.get().handleTimeout(this);
            } catch (final RuntimeException e) {
                resume(e);
            }
            return; // the handler resumes, cancels or sets a new timeout
        }
        resume(new ServiceUnavailableException("The request timed out before it was answered"));
    }

    /** On the event loop, once answered. */
    private void completed(final Throwable failure) {
        context.owner().cancelTimer(timer);
        final List<CompletionCallback> callbacks;
        synchronized (this) {
            callbacks = List.copyOf(completionCallbacks);
        }
        callbacks.forEach(callback -> callback.onComplete(failure));
    }
}
