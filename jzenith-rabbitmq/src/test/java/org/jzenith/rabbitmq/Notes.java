package org.jzenith.rabbitmq;

import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** A consumer that acknowledges its messages itself, later, as a Message method does: the test acks them. */
public class Notes {

    /** The messages handed over and not acknowledged by the method; the test acks them. */
    static final Queue<Message<String>> HELD = new ConcurrentLinkedQueue<>();

    @Incoming("notes")
    public CompletionStage<Void> onNote(final Message<String> note) {
        HELD.add(note);
        return CompletableFuture.completedFuture(null);
    }
}
