package org.jzenith.kafka;

import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Single;
import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/** Processors of each result type: what each returns is sent to its @Outgoing channel. */
public class Processors {

    /** Payloads of the messages {@link #greet} returned that were acknowledged, and nacked. */
    static final List<String> ACKED = new CopyOnWriteArrayList<>();

    static final List<String> NACKED = new CopyOnWriteArrayList<>();

    @Incoming("words")
    @Outgoing("upper")
    CompletionStage<String> upper(final String word) {
        return CompletableFuture.supplyAsync(word::toUpperCase);
    }

    @Incoming("numbers")
    @Outgoing("evens")
    Maybe<String> evens(final String number) {
        return Integer.parseInt(number) % 2 == 0 ? Maybe.just(number) : Maybe.empty();
    }

    @Incoming("names")
    @Outgoing("greetings")
    Message<String> greet(final String name) {
        final String greeting = "hello " + name;
        return Message.of(
                greeting,
                () -> {
                    ACKED.add(greeting);
                    return CompletableFuture.completedFuture(null);
                },
                failure -> {
                    NACKED.add(greeting);
                    return CompletableFuture.completedFuture(null);
                });
    }

    @Incoming("orders-in")
    @Outgoing("orders-out")
    Single<Order> order(final Order order) {
        return Single.just(new Order(order.id(), order.quantity() * 10));
    }

    @Incoming("unis")
    @Outgoing("unis-out")
    Uni<String> uni(final String value) {
        return value.equals("none")
                ? Uni.createFrom().nullItem()
                : Uni.createFrom().item(value + "!");
    }

    @Incoming("big")
    @Outgoing("too-large")
    String big(final String value) {
        return value.repeat(4096);
    }
}
