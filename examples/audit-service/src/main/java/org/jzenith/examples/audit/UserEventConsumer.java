package org.jzenith.examples.audit;

import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jzenith.messaging.Idempotent;

/**
 * Writes each user event into the audit log. Called on a virtual thread, one record of a partition
 * at a time; the offset is committed once it returns, so a crash delivers again what was not
 * committed; {@link Idempotent} records the event's id in the inbox in the transaction of {@link
 * AuditLog#record}, and a copy that arrives again is acknowledged without calling this method.
 */
public class UserEventConsumer {

    private final AuditLog log;

    @Inject
    public UserEventConsumer(final AuditLog log) {
        this.log = log;
    }

    @Incoming("users.events")
    @Idempotent
    public void onEvent(final UserEvent event) {
        log.record(event);
    }
}
