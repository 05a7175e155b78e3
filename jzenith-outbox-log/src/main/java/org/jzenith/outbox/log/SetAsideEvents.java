package org.jzenith.outbox.log;

import java.time.Instant;
import java.util.function.IntFunction;
import org.jzenith.core.spi.outbox.OutboxRecord;

/**
 * Where the log outbox keeps the events the broker refused for good ({@code OutboxStore.setAside}):
 * the table {@code jzenith_outbox_failed}, the same as the table outbox's, which the outbox's
 * migrations make in either mode, so that an operator finds refused events in one place whatever the
 * mode. The log itself cannot hold them: the slot moves past them. Each store plugin implements it on
 * its own connections. Blocking; called by the relay's thread only.
 */
public interface SetAsideEvents {

    /** Errors are cut to this many characters, the column's size. */
    int MAX_ERROR = 1000;

    /**
     * Keeps {@code record} with {@code error}, durably when it returns, unless an event with its event
     * id is kept already (a resend after a takeover, set aside again).
     */
    void keep(OutboxRecord record, Instant failedAt, String error);

    /** How many events are kept. */
    long count();

    /**
     * The statement that keeps one event, with the parameters, in order: event id, channel, key,
     * payload, created at and failed at (epoch milliseconds), traceparent, error, and the event id
     * again; {@code parameter} writes the placeholder of the n-th (1-based): {@code ?} for JDBC, {@code
     * $n} for the reactive client. Its id continues the table's: the log store's own event ids are
     * numbered by each reading instance anew, and only the slot's reader writes here.
     */
    static String insert(final IntFunction<String> parameter) {
        return "INSERT INTO jzenith_outbox_failed"
                + " (id, event_id, channel, record_key, payload, created_at, failed_at, traceparent, error)"
                + " SELECT (SELECT COALESCE(MAX(id), 0) + 1 FROM jzenith_outbox_failed), "
                + parameter.apply(1) + ", " + parameter.apply(2) + ", " + parameter.apply(3) + ", "
                + parameter.apply(4) + ", " + parameter.apply(5) + ", " + parameter.apply(6) + ", "
                + parameter.apply(7) + ", " + parameter.apply(8)
                + " WHERE NOT EXISTS (SELECT 1 FROM jzenith_outbox_failed WHERE event_id = " + parameter.apply(9) + ")";
    }

    /** The statement that counts the events kept. */
    String COUNT = "SELECT COUNT(*) FROM jzenith_outbox_failed";

    /** {@code error}, cut to {@link #MAX_ERROR} characters. */
    static String cut(final String error) {
        return error.length() > MAX_ERROR ? error.substring(0, MAX_ERROR) : error;
    }
}
