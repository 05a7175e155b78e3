package org.jzenith.examples.audit;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * The audit table, through Jdbi: one row per event id. Blocking; called on virtual threads (the
 * consumer's, the resource's).
 */
@Singleton
public class AuditLog {

    private final Jdbi jdbi;

    @Inject
    public AuditLog(final Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /**
     * Keeps {@code event} unless it is already kept; counts the delivery either way. One transaction:
     * a delivery is counted exactly when the event is kept.
     */
    public void record(final UserEvent event) {
        jdbi.useTransaction(handle -> {
            final int again = handle.createUpdate(
                            "UPDATE audit_entries SET deliveries = deliveries + 1 WHERE event_id = :eventId")
                    .bind("eventId", event.eventId().toString())
                    .execute();
            if (again == 0) {
                handle.createUpdate("INSERT INTO audit_entries (event_id, type, user_id, name, occurred_at, deliveries)"
                                + " VALUES (:eventId, :type, :userId, :name, :occurredAt, 1)")
                        .bind("eventId", event.eventId().toString())
                        .bind("type", event.type())
                        .bind("userId", event.userId().toString())
                        .bind("name", event.name().orElse(""))
                        .bind("occurredAt", Timestamp.from(event.occurredAt()))
                        .execute();
            }
        });
    }

    /** The entries, oldest first, {@code limit} from {@code offset}. */
    public List<AuditEntry> list(final int offset, final int limit) {
        return jdbi.withHandle(handle -> handle.createQuery(
                        "SELECT event_id, type, user_id, name, occurred_at, deliveries FROM audit_entries"
                                + " ORDER BY occurred_at, event_id LIMIT :limit OFFSET :offset")
                .bind("limit", limit)
                .bind("offset", offset)
                .map(AuditLog::entry)
                .list());
    }

    private static AuditEntry entry(final ResultSet row, final StatementContext context) throws SQLException {
        return new AuditEntry(
                UUID.fromString(row.getString("event_id")),
                row.getString("type"),
                UUID.fromString(row.getString("user_id")),
                row.getString("name"),
                row.getTimestamp("occurred_at").toInstant(),
                row.getInt("deliveries"));
    }
}
