package org.jzenith.rabbitmq;

import io.reactivex.rxjava3.core.Flowable;
import io.smallrye.mutiny.Multi;
import java.util.Locale;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/**
 * Stream processors as the SmallRye guide writes them, the same as Kafka's tests run: a payload {@code
 * Multi} that filters and maps, a {@code Message} stream that keeps each request's acknowledgement with
 * {@code withPayload}, an RxJava {@code Flowable} that emits two results per request, and a stream that
 * fails on one request. No jZenith annotation, no RabbitMQ type.
 */
public class QuoteStreams {

    /** A request whose text is this is dropped by {@link #prices}. */
    public static final String IGNORED = "ignore-me";

    /** A request whose text is this makes {@link #failing}'s stream fail. */
    public static final String POISON = "poison";

    @Incoming("price-requests")
    @Outgoing("prices")
    public Multi<String> prices(final Multi<String> requests) {
        return requests.filter(request -> !request.equals(IGNORED)).map(request -> request.toUpperCase(Locale.ROOT));
    }

    @Incoming("quote-requests")
    @Outgoing("quotes")
    public Multi<Message<String>> quotes(final Multi<Message<String>> requests) {
        return requests.map(request -> request.withPayload(
                request.getPayload() + ":" + request.getPayload().length()));
    }

    @Incoming("pairs-in")
    @Outgoing("pairs")
    public Flowable<String> pairs(final Flowable<String> requests) {
        return requests.concatMap(request -> Flowable.just(request + "-bid", request + "-ask"));
    }

    @Incoming("failing-in")
    @Outgoing("failing-out")
    public Multi<String> failing(final Multi<String> requests) {
        return requests.map(request -> {
            if (request.equals(POISON)) {
                throw new IllegalArgumentException("cannot price " + request);
            }
            return request;
        });
    }
}
