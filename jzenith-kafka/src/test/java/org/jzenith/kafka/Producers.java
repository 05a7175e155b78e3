package org.jzenith.kafka;

import io.reactivex.rxjava3.core.Flowable;
import io.smallrye.mutiny.Multi;
import java.time.Duration;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/** Producer methods as the SmallRye guides write them: each called once, its stream sent to its channel. */
public class Producers {

    /** How many items each finite producer emits. */
    static final int COUNT = 500;

    @Outgoing("numbers")
    public Multi<Integer> numbers() {
        return Multi.createFrom().range(0, COUNT);
    }

    @Outgoing("orders")
    public Flowable<Order> orders() {
        return Flowable.range(0, COUNT).map(i -> new Order("o-" + i, i));
    }

    /** Endless, as a price generator is: stopping the application cancels it. */
    @Outgoing("ticks")
    public Multi<String> ticks() {
        return Multi.createFrom().ticks().every(Duration.ofMillis(20)).map(tick -> "tick-" + tick);
    }
}
