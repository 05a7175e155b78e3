package org.jzenith.kafka.guide;

import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

/**
 * Emitters bounded with {@code @OnOverflow}, injected as the Quarkus guide writes them: fields without
 * {@code @Inject}. No jZenith annotation.
 */
public class BoundedSender {

    /** How many sends may wait for the broker's confirmation on each channel. */
    public static final int BOUND = 4;

    @Channel("failing-ticks")
    @OnOverflow(value = OnOverflow.Strategy.FAIL, bufferSize = BOUND)
    Emitter<String> failing;

    @Channel("buffered-ticks")
    @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = BOUND)
    Emitter<String> buffered;

    @Channel("dropped-ticks")
    @OnOverflow(value = OnOverflow.Strategy.DROP, bufferSize = BOUND)
    Emitter<String> dropping;

    public CompletionStage<Void> sendDropping(final String tick) {
        return dropping.send(tick);
    }

    public CompletionStage<Void> sendFailing(final String tick) {
        return failing.send(tick);
    }

    public CompletionStage<Void> sendBuffered(final String tick) {
        return buffered.send(tick);
    }
}
