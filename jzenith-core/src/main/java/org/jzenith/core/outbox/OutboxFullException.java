package org.jzenith.core.outbox;

/**
 * {@link Outbox#publish} refused an event because {@code outbox.max-pending} events wait to be sent
 * already (the broker has been away for long, or the relay does not run). The REST plugin answers
 * it with 503, and the business transaction that published rolls back with it.
 */
public final class OutboxFullException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The outbox holds {@code pending} unsent events, at least its bound {@code maxPending}. */
    public OutboxFullException(final long pending, final long maxPending) {
        super("the outbox holds " + pending + " unsent events, its bound outbox.max-pending=" + maxPending
                + "; the relay sends them once the broker is back (or raise outbox.max-pending)");
    }
}
