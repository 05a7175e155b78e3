package org.jzenith.messaging.consumer.threads;

import io.smallrye.common.annotation.NonBlocking;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** The Quarkus guide's non-blocking consumer: quick work, asked to run on the event loop. */
public class EventLogger {

    final List<Where> seen = new CopyOnWriteArrayList<>();

    @Incoming("events")
    @NonBlocking
    public void consume(final String event) {
        seen.add(Where.here());
    }
}
