package org.jzenith.messaging.spi;

import java.util.Optional;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

/**
 * How many sends of a channel's emitter may wait for the broker's confirmation at once, and what
 * becomes of the next one: what {@code @OnOverflow} on a {@code @Channel Emitter<T>} or {@code
 * MutinyEmitter<T>} injection point asks for. The bound is {@code bufferSize}, or SmallRye's default
 * of {@value #DEFAULT_BOUND} when the annotation names none. Past it, {@code BUFFER}, {@code FAIL} and
 * {@code THROW_EXCEPTION} refuse the send at once with an {@code EmitterOverflowException}, and {@code
 * DROP} drops the new message (its stage fails, its nack is called, a counter counts it); unlike
 * SmallRye's, the emitter stays usable once confirmations free room again. {@code UNBOUNDED_BUFFER},
 * {@code LATEST} and {@code NONE} are refused at start-up ({@link #problem}). Immutable.
 *
 * <pre>{@code
 * @Inject @Channel("prices") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 256)
 * Emitter<Double> prices;   // the 257th send not yet confirmed by the broker fails at once
 * }</pre>
 *
 * @param strategy what becomes of a send past the bound
 * @param bound how many sends may wait for the broker's confirmation at once
 * @param declaredBy the member that declared it, for messages
 */
public record EmitterOverflow(OnOverflow.Strategy strategy, int bound, String declaredBy) {

    /** SmallRye's {@code mp.messaging.emitter.default-buffer-size} when it is not set. */
    public static final int DEFAULT_BOUND = 128;

    /** The bound of {@code annotation}, declared by {@code member}; {@link #problem} found none. */
    public static EmitterOverflow of(final OnOverflow annotation, final String member) {
        final long size = annotation.bufferSize();
        return new EmitterOverflow(annotation.value(), size > 0 ? (int) size : DEFAULT_BOUND, member);
    }

    /** Whether a send past the bound is dropped rather than refused. */
    public boolean drops() {
        return strategy == OnOverflow.Strategy.DROP;
    }

    /** {@code @OnOverflow(BUFFER, bufferSize=256)}, for messages. */
    public String describe() {
        return "@OnOverflow(" + strategy + ", bufferSize=" + bound + ") on " + declaredBy;
    }

    /** What is wrong with {@code annotation}, with what to write instead; empty when jZenith does it. */
    public static Optional<String> problem(final OnOverflow annotation) {
        final long size = annotation.bufferSize();
        if (size < 0 || size > Integer.MAX_VALUE) {
            return Optional.of("has @OnOverflow with bufferSize=" + size + "; name a positive bound, such as"
                    + " @OnOverflow(value = BUFFER, bufferSize = 256), or leave it out for " + DEFAULT_BOUND);
        }
        return switch (annotation.value()) {
            case BUFFER, FAIL, THROW_EXCEPTION, DROP -> Optional.empty();
            case UNBOUNDED_BUFFER ->
                Optional.of("has @OnOverflow(UNBOUNDED_BUFFER), which would hold every message the broker has not"
                        + " confirmed, without limit, in the service's heap; write @OnOverflow(value = BUFFER,"
                        + " bufferSize = N) with the most messages you accept to wait");
            case LATEST ->
                Optional.of("has @OnOverflow(LATEST), which jZenith does not build: a send is handed to the"
                        + " broker at once and cannot be replaced by a later one; write @OnOverflow(DROP) to drop"
                        + " new messages past the bound, or @OnOverflow(value = BUFFER, bufferSize = N)");
            case NONE ->
                Optional.of("has @OnOverflow(NONE), which ignores back-pressure: jZenith always bounds an"
                        + " emitter's unconfirmed sends; remove @OnOverflow, or write @OnOverflow(value = BUFFER,"
                        + " bufferSize = N)");
        };
    }
}
