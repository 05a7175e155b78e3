package org.jzenith.messaging.consumer.threads;

import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** The guide's asynchronous consumer: it returns a Uni, so it runs on the event loop. */
public class AuditWriter {

    final List<Where> seen = new CopyOnWriteArrayList<>();

    @Incoming("audits")
    public Uni<Void> consume(final String entry) {
        seen.add(Where.here());
        return Uni.createFrom().item(entry).replaceWithVoid();
    }
}
