package org.jzenith.core.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Proxy;
import java.util.Locale;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Handles SIGTERM and SIGINT for an application that owns its process, so that it can stop and
 * exit with status 0, as container orchestrators expect of a clean shutdown. A plain shutdown hook
 * cannot do that: the JVM exits with 143 after SIGTERM whatever the hook does.
 *
 * <p>{@code sun.misc.Signal} is looked up through method handles, because compiling against it
 * gives a warning that cannot be suppressed; where it is missing, the application's shutdown hook
 * still stops it (with the JVM's exit status).
 */
public final class ShutdownSignals {

    private static final Logger LOG = LoggerFactory.getLogger(ShutdownSignals.class);

    private ShutdownSignals() {}

    /**
     * Calls {@code onSignal} with the signal's name ({@code TERM}, {@code INT}) on a thread of its
     * own when the process receives SIGTERM or SIGINT.
     */
    public static void install(final Consumer<String> onSignal) {
        handle("TERM", onSignal);
        handle("INT", onSignal);
    }

    private static void handle(final String signal, final Consumer<String> onSignal) {
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
                            // On a thread of our own: a long stop must not hold the signal
                            // dispatcher, which would delay a second signal. Not a daemon, as the
                            // dispatcher is: once stopping has closed the last other non-daemon
                            // thread (a client's connection), the JVM would end in the middle of
                            // the stop, before the servers the plugins started are stopped.
                            Thread.ofPlatform()
                                    .daemon(false)
                                    .name("jzenith-sig" + signal.toLowerCase(Locale.ROOT))
                                    .start(() -> onSignal.accept(signal));
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
}
