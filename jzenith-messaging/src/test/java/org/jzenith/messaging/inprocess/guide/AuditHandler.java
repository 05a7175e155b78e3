package org.jzenith.messaging.inprocess.guide;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** Acknowledges each audit entry itself, and rejects the ones it refuses with nack. */
public class AuditHandler {

    final List<String> accepted = new CopyOnWriteArrayList<>();

    @Incoming("audit")
    public CompletionStage<Void> audit(final Message<String> entry) {
        if (entry.getPayload().startsWith("secret")) {
            return entry.nack(new SecurityException("audit entries may not hold secrets"));
        }
        accepted.add(entry.getPayload());
        return entry.ack();
    }
}
