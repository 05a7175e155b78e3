package org.jzenith.kafka;

import io.reactivex.rxjava3.core.Flowable;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Consumer methods that cannot be called, for the start-up checks. */
public class BadConsumers {

    @Incoming("two")
    void takesTwo(final String first, final String second) {}

    @Incoming("stream")
    Flowable<String> streams(final String value) {
        return Flowable.just(value);
    }

    @Incoming("texts")
    void consumesTextsAgain(final String value) {}

    /** Has no @Incoming method at all. */
    public static class Nothing {
        void notAnnotated(final String value) {}
    }
}
