package org.jzenith.examples.audit;

import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Writes each user event into the audit log. Called on a virtual thread, one record of a partition
 * at a time; the offset is committed once it returns, so a crash delivers again what was not
 * committed, and {@link AuditLog#record} keeps the first copy.
 */
public class UserEventConsumer {

    private final AuditLog log;

    @Inject
    public UserEventConsumer(final AuditLog log) {
        this.log = log;
    }

    @Incoming("users.events")
    public void onEvent(final UserEvent event) {
        log.record(event);
    }
}
