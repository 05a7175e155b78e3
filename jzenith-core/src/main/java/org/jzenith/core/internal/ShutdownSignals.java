package org.jzenith.core.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Proxy;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops running applications on SIGTERM and SIGINT and then exits with status 0, as container
 * orchestrators expect of a clean shutdown. A plain shutdown hook cannot do that: the JVM exits
 * with 143 after SIGTERM whatever the hook does.
 *
 * <p>{@code sun.misc.Signal} is looked up once at start-up through method handles, because
 * compiling against it gives a warning that cannot be suppressed; where it is missing, a shutdown
 * hook still stops the applications.
 */
public final class ShutdownSignals {

    private static final Logger LOG = LoggerFactory.getLogger(ShutdownSignals.class);

    private static final Set<Runnable> STOPPERS = new CopyOnWriteArraySet<>();
    private static volatile boolean installed;

    private ShutdownSignals() {}

    /** Registers {@code stopper} to run on SIGTERM, SIGINT and JVM shutdown. */
    public static void register(final Runnable stopper) {
        STOPPERS.add(stopper);
        installOnce();
    }

    /** Forgets {@code stopper} once its application has stopped. */
    public static void unregister(final Runnable stopper) {
        STOPPERS.remove(stopper);
    }

    private static synchronized void installOnce() {
        if (installed) {
            return;
        }
        installed = true;
        Runtime.getRuntime()
                .addShutdownHook(Thread.ofPlatform().name("jzenith-shutdown").unstarted(ShutdownSignals::stopAll));
        handle("TERM");
        handle("INT");
    }

    private static void stopAll() {
        STOPPERS.forEach(Runnable::run);
    }

    private static void handle(final String signal) {
        try {
            final Class<?> signalType = Class.forName("sun.misc.Signal");
            final Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
            final MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            final MethodHandle constructor =
                    lookup.findConstructor(signalType, MethodType.methodType(void.class, String.class));
            final MethodHandle handle = lookup.findStatic(
                    signalType, "handle", MethodType.methodType(handlerType, signalType, handlerType));
            final Object handler = Proxy.newProxyInstance(
                    ShutdownSignals.class.getClassLoader(),
                    new Class<?>[] {handlerType},
                    (proxy, method, args) -> switch (method.getName()) {
                        case "handle" -> {
                            onSignal(signal);
                            yield null;
                        }
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        default -> "jZenith SIG" + signal + " handler";
                    });
            handle.invoke(constructor.invoke(signal), handler);
        } catch (final Throwable e) {
            LOG.debug("Cannot handle SIG{}; the shutdown hook stops the application instead", signal, e);
        }
    }

    private static void onSignal(final String signal) {
        // Stop on a thread of our own: exiting from the signal dispatcher thread itself works, but
        // a long stop would hold the dispatcher and delay a second signal.
        Thread.ofPlatform()
                .name("jzenith-sig" + signal.toLowerCase(Locale.ROOT))
                .start(() -> {
                    LOG.info("Received SIG{}, stopping", signal);
                    stopAll();
                    System.exit(0);
                });
    }
}
