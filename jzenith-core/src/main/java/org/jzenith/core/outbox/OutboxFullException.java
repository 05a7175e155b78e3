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

    private OutboxFullException(final String message) {
        super(message);
    }

    /**
     * The log store's refusal: its replication slot holds back {@code retainedBytes} of write-ahead log,
     * past {@code outbox.log.max-retained-wal-mb}.
     */
    public static OutboxFullException retainedWal(final long retainedBytes, final long maxMegabytes) {
        return new OutboxFullException("the outbox's replication slot holds back " + retainedBytes / (1024 * 1024)
                + " MB of write-ahead log, its bound outbox.log.max-retained-wal-mb=" + maxMegabytes
                + "; the relay confirms its events once the broker is back (or raise outbox.log.max-retained-wal-mb)");
    }

    /**
     * The log store's refusal while its replication slot {@code slot} does not exist (an operator
     * dropped it): an event published then would be read by nothing.
     */
    public static OutboxFullException slotMissing(final String slot) {
        return new OutboxFullException("the outbox's replication slot " + slot + " does not exist, so events"
                + " published now would be read by nothing; the relay creates it again within seconds");
    }
}
