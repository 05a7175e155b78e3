package org.jzenith.messaging.consumer.threads;

import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;

/** A guide's resource, reduced to its emitter fields (no {@code @Inject}, as SmallRye and Quarkus allow). */
public class Sender {

    @Channel("events")
    Emitter<String> events;

    @Channel("audits")
    Emitter<String> audits;

    @Channel("words")
    Emitter<String> words;

    public CompletionStage<Void> event(final String event) {
        return events.send(event);
    }

    public CompletionStage<Void> audit(final String entry) {
        return audits.send(entry);
    }

    public CompletionStage<Void> word(final String word) {
        return words.send(word);
    }
}
