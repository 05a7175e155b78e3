package org.jzenith.messaging.consumer;

import java.lang.reflect.Method;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.reactive.messaging.Acknowledgment;
import org.eclipse.microprofile.reactive.messaging.Acknowledgment.Strategy;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * When an {@code @Incoming} method's messages are acknowledged, as MicroProfile Reactive Messaging 3.0
 * defines it per method shape: a method that takes a {@code Message<T>} acknowledges it itself ({@code
 * MANUAL} by default; {@code PRE_PROCESSING} and {@code NONE} allowed), a method that takes its payload
 * is acknowledged once it is done ({@code POST_PROCESSING} by default; {@code PRE_PROCESSING} and {@code
 * NONE} allowed). {@code @Acknowledgment} chooses another where the spec allows it; what the spec forbids
 * stops start-up. Stateless.
 *
 * <pre>{@code
 * @Incoming("prices")
 * @Acknowledgment(Acknowledgment.Strategy.PRE_PROCESSING) // acknowledged before the method runs
 * public void onPrice(final Message<Price> price) { ... }
 * }</pre>
 */
public final class Acknowledgements {

    private static final Set<Strategy> FOR_MESSAGES = Set.of(Strategy.MANUAL, Strategy.PRE_PROCESSING, Strategy.NONE);
    private static final Set<Strategy> FOR_PAYLOADS =
            Set.of(Strategy.POST_PROCESSING, Strategy.PRE_PROCESSING, Strategy.NONE);

    private Acknowledgements() {}

    /** The strategy of {@code method}: its {@code @Acknowledgment}, else the default for its shape. */
    public static Strategy of(final Method method) {
        final Acknowledgment chosen = method.getAnnotation(Acknowledgment.class);
        if (chosen != null) {
            return chosen.value();
        }
        return takesMessage(method) ? Strategy.MANUAL : Strategy.POST_PROCESSING;
    }

    /** What is wrong with {@code method}'s {@code @Acknowledgment}; empty when it has none or the spec allows it. */
    public static Optional<String> problem(final Method method) {
        final Acknowledgment chosen = method.getAnnotation(Acknowledgment.class);
        if (chosen == null || method.getParameterCount() != 1) {
            return Optional.empty();
        }
        final Strategy strategy = chosen.value();
        if (takesMessage(method) && !FOR_MESSAGES.contains(strategy)) {
            return Optional.of("has @Acknowledgment(" + strategy + ") and takes a Message, which it acknowledges"
                    + " itself (MicroProfile Reactive Messaging allows MANUAL, the default, PRE_PROCESSING or NONE"
                    + " for it): remove @Acknowledgment and call message.ack() when done, or take the payload to be"
                    + " acknowledged once the method is done");
        }
        if (!takesMessage(method) && !FOR_PAYLOADS.contains(strategy)) {
            return Optional.of("has @Acknowledgment(" + strategy + ") but takes the payload, so it has no message"
                    + " to call ack() on (MicroProfile Reactive Messaging allows POST_PROCESSING, the default,"
                    + " PRE_PROCESSING or NONE for it): take a Message<T> to acknowledge it yourself, or remove"
                    + " @Acknowledgment");
        }
        return Optional.empty();
    }

    private static boolean takesMessage(final Method method) {
        return method.getParameterCount() == 1 && method.getParameterTypes()[0] == Message.class;
    }
}
