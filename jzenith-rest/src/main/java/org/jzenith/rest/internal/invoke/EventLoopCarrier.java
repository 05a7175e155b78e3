package org.jzenith.rest.internal.invoke;

import io.vertx.core.Context;
import io.vertx.core.internal.ContextInternal;
import java.lang.reflect.Constructor;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;

/**
 * An experiment, off unless {@code -Djzenith.rest.event-loop-carrier=true}: virtual threads whose
 * carrier is the request's own event loop, so that starting one and answering from it are tasks of
 * that loop instead of hand-overs between two threads (a fork-join carrier woken for each request,
 * then the event loop woken for each answer). JDK 25 has no public scheduler API; this uses the
 * constructor the JDK keeps for its own tests ({@code ThreadBuilders.VirtualThreadBuilder(Executor)}),
 * which needs {@code --add-opens java.base/java.lang=ALL-UNNAMED}; without it the default scheduler
 * is kept. A method that blocks without unmounting (a native call, a class initialiser) then blocks
 * the event loop too, which is why this is not the default.
 *
 * <p>Thread-safe; made once per event-loop context, on first use.
 */
final class EventLoopCarrier {

    static final boolean ENABLED = Boolean.getBoolean("jzenith.rest.event-loop-carrier");

    private static final Object KEY = EventLoopCarrier.class;
    private static final Optional<Constructor<?>> BUILDER = builder();

    private EventLoopCarrier() {}

    /** The virtual threads carried by {@code context}'s event loop, or {@code fallback} where the JDK refuses. */
    static ThreadFactory of(final Context context, final ThreadFactory fallback) {
        return (ThreadFactory) ((ContextInternal) context)
                .contextData()
                .computeIfAbsent(KEY, ignored -> factory(((ContextInternal) context).nettyEventLoop(), fallback));
    }

    private static ThreadFactory factory(final Executor eventLoop, final ThreadFactory fallback) {
        return BUILDER.<ThreadFactory>map(constructor -> {
                    try {
                        return ((Thread.Builder.OfVirtual) constructor.newInstance(eventLoop))
                                .name("jzenith-rest")
                                .factory();
                    } catch (final ReflectiveOperationException | RuntimeException refused) {
                        return fallback;
                    }
                })
                .orElse(fallback);
    }

    private static Optional<Constructor<?>> builder() {
        if (!ENABLED) {
            return Optional.empty();
        }
        try {
            final Constructor<?> constructor = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder")
                    .getDeclaredConstructor(Executor.class);
            constructor.setAccessible(true);
            return Optional.of(constructor);
        } catch (final ReflectiveOperationException | RuntimeException refused) {
            return Optional.empty();
        }
    }
}
