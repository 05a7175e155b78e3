package org.jzenith.rabbitmq;

import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/** A producer method whose items go through RabbitMQ to a consumer of the same class. */
public class Ticks {

    static final List<String> RECEIVED = new CopyOnWriteArrayList<>();

    @Inject
    Ticks() {}

    @Outgoing("ticks")
    Flow.Publisher<String> ticks() {
        // items submitted before anyone subscribed would be dropped: submit once subscribed
        return subscriber -> {
            final SubmissionPublisher<String> publisher = new SubmissionPublisher<>();
            publisher.subscribe(subscriber);
            Thread.ofVirtual().start(() -> {
                for (int i = 0; i < 3; i++) {
                    publisher.submit("tick-" + i);
                }
                publisher.close();
            });
        };
    }

    @Incoming("ticks")
    void onTick(final String tick) {
        RECEIVED.add(tick);
    }
}
