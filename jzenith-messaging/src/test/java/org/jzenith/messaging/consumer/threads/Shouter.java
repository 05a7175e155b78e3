package org.jzenith.messaging.consumer.threads;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/** The guide's asynchronous processor: its CompletionStage's value is the next message. */
public class Shouter {

    final List<Where> seen = new CopyOnWriteArrayList<>();

    @Incoming("words")
    @Outgoing("shouts")
    public CompletionStage<String> process(final String word) {
        seen.add(Where.here());
        return CompletableFuture.completedFuture(word.toUpperCase());
    }
}
