package org.jzenith.messaging.inprocess.guide;

import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;

/** Sends audit entries through an emitter field. */
public class AuditSender {

    @Channel("audit")
    Emitter<String> audit;

    public CompletionStage<Void> record(final String entry) {
        return audit.send(entry);
    }
}
