package org.jzenith.kafka.threads;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * The guide's asynchronous consumer: it returns a Uni, so it runs on the event loop, and the Vert.x
 * call it makes (a timer, standing for a reactive client) completes on the same context.
 */
public class AuditWriter {

    final List<Where> called = new CopyOnWriteArrayList<>();
    final List<Where> completed = new CopyOnWriteArrayList<>();
    private final Vertx vertx;

    @Inject
    public AuditWriter(final Vertx vertx) {
        this.vertx = vertx;
    }

    @Incoming("audits")
    public Uni<Void> consume(final String entry) {
        called.add(Where.here());
        return Uni.createFrom()
                .completionStage(() -> vertx.timer(1).toCompletionStage())
                .invoke(() -> completed.add(Where.here()))
                .replaceWithVoid();
    }
}
