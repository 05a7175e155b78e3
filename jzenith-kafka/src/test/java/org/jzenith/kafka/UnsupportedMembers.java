package org.jzenith.kafka;

import io.reactivex.rxjava3.core.Flowable;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Multi;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.annotations.Broadcast;
import io.smallrye.reactive.messaging.annotations.Merge;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Acknowledgment;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.eclipse.microprofile.reactive.messaging.Outgoing;
import org.reactivestreams.Publisher;

/** Each part of Reactive Messaging that jZenith does not implement or refuses for a method's shape, for the start-up checks. */
public class UnsupportedMembers {

    @Channel("prices")
    Multi<Double> prices;

    @Inject
    @Channel("quotes")
    Publisher<String> quotes;

    @Channel("mutiny")
    MutinyEmitter<String> mutiny;

    @Channel("orders")
    @OnOverflow(OnOverflow.Strategy.UNBOUNDED_BUFFER)
    Emitter<Order> overflowing;

    @Channel("nobody")
    Emitter<String> undeclared;

    @Channel("orders")
    Emitter<String> wrongType;

    @Channel("orders")
    final Emitter<Order> fixed = null;

    @Inject
    UnsupportedMembers(@Channel("ticks") final Flowable<Long> ticks) {}

    @Incoming("acknowledged")
    @Acknowledgment(Acknowledgment.Strategy.MANUAL)
    void acknowledged(final String value) {}

    @Incoming("broadcast")
    @Broadcast
    void broadcast(final String value) {}

    @Incoming("merged")
    @Merge
    void merged(final String value) {}

    @Incoming("loop")
    @NonBlocking
    void nonBlocking(final String value) {}

    @Outgoing("generated")
    Multi<String> produces() {
        return Multi.createFrom().empty();
    }

    @Incoming("messages")
    void takesMessage(final Message<String> message) {}

    @Incoming("unnamed-messages")
    void takesUnnamedMessage(final Message<?> message) {}

    @Incoming("post-processed")
    @Acknowledgment(Acknowledgment.Strategy.POST_PROCESSING)
    void postProcessedMessage(final Message<String> message) {}

    @Incoming("pre-processed")
    @Acknowledgment(Acknowledgment.Strategy.PRE_PROCESSING)
    void preProcessedMessage(final Message<String> message) {}

    @Incoming("unacknowledged")
    @Acknowledgment(Acknowledgment.Strategy.NONE)
    void unacknowledgedPayload(final String value) {}

    @Incoming("streamed")
    void takesStream(final Multi<String> values) {}

    @Incoming("streaming")
    @Outgoing("streamed-out")
    Multi<String> transformsStream(final String value) {
        return Multi.createFrom().item(value);
    }

    @Incoming("nothing")
    @Outgoing("nothing-out")
    void returnsNothing(final String value) {}
}
