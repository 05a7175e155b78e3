package org.jzenith.docs.messaging;

import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Where each consumer method runs, chosen as for REST resources: by what it returns and SmallRye's annotations. */
public class ThreadedConsumers {

    private final Pool pool;
    private final Warehouse warehouse;
    private final Map<String, Long> views = new ConcurrentHashMap<>();

    @Inject
    public ThreadedConsumers(final Pool pool, final Warehouse warehouse) {
        this.pool = pool;
        this.warehouse = warehouse;
    }

    // tag::threads[]
    @Incoming("page-views")
    @NonBlocking // quick and never blocks: called on the channel's event loop
    public void count(final String page) {
        views.merge(page, 1L, Long::sum);
    }

    @Incoming("audit") // returns a Vert.x Future: called on the event loop, where the reactive client runs
    public Future<Void> store(final String entry) {
        return pool.preparedQuery("INSERT INTO audit (entry) VALUES ($1)")
                .execute(Tuple.of(entry))
                .mapEmpty();
    }

    @Incoming("reservations")
    @Blocking // returns a stage but blocks first: called on the virtual thread, as a plain method
    public CompletionStage<Void> reserve(final OrderPlaced order) {
        warehouse.reserve(order.sku(), order.quantity());
        return CompletableFuture.completedFuture(null);
    }
    // end::threads[]
}
