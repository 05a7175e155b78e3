package org.jzenith.kafka;

import io.reactivex.rxjava3.core.Single;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Consumers that complete later through Vert.x and RxJava, and one that takes bytes. */
public class AsyncConsumers {

    private final Inbox inbox;
    private final Vertx vertx;

    @Inject
    AsyncConsumers(final Inbox inbox, final Vertx vertx) {
        this.inbox = inbox;
        this.vertx = vertx;
    }

    @Incoming("futures")
    Future<Void> onFuture(final String value) {
        return vertx.timer(1).map(id -> {
            inbox.values.add("future:" + value);
            return null;
        });
    }

    @Incoming("singles")
    Single<String> onSingle(final String value) {
        return Single.fromCallable(() -> {
            inbox.values.add("single:" + value);
            return value;
        });
    }

    @Incoming("bytes")
    void onBytes(final byte[] value) {
        inbox.values.add("bytes:" + new String(value, StandardCharsets.UTF_8));
    }
}
