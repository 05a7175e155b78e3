package org.jzenith.rest.it.sse;

import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Observable;
import io.smallrye.mutiny.Multi;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import org.jboss.resteasy.reactive.RestStreamElementType;
import org.reactivestreams.Publisher;

/**
 * Streams returned for {@code text/event-stream}, written as the Quarkus and SmallRye guides write them:
 * a {@code Multi} of objects with {@code @RestStreamElementType}, an endless ticker, and the RxJava and
 * Reactive Streams types.
 */
@Path("/streams")
public class StreamsResource {

    /** A quote, sent as JSON. */
    public record Quote(String symbol, int cents) {}

    /** Counted down when the endless ticker is cancelled. */
    static volatile CountDownLatch tickerCancelled = new CountDownLatch(1);

    @GET
    @Path("/quotes")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @RestStreamElementType(MediaType.APPLICATION_JSON)
    public Multi<Quote> quotes() {
        return Multi.createFrom().items(new Quote("ACME", 1250), new Quote("INIT", 99));
    }

    @GET
    @Path("/words")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public Flowable<String> words() {
        return Flowable.just("alpha", "two\nlines");
    }

    @GET
    @Path("/objects")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public Observable<Quote> objects() {
        return Observable.just(new Quote("ACME", 1));
    }

    @GET
    @Path("/numbers")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public Publisher<Integer> numbers() {
        return Flowable.range(1, 3);
    }

    @GET
    @Path("/flow")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public Flow.Publisher<String> flow() {
        final SubmissionPublisher<String> publisher = new SubmissionPublisher<>();
        Thread.ofVirtual().start(() -> {
            while (publisher.getNumberOfSubscribers() == 0) {
                Thread.onSpinWait();
            }
            publisher.submit("from a Flow.Publisher");
            publisher.close();
        });
        return publisher;
    }

    @GET
    @Path("/named")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public Flowable<OutboundSseEvent> named(@Context final Sse sse) {
        return Flowable.just(
                sse.newEventBuilder().name("price").id("1").data("12.50").build());
    }

    @GET
    @Path("/ticks")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public Multi<Long> ticks() {
        return Multi.createFrom()
                .ticks()
                .every(Duration.ofMillis(20))
                .onCancellation()
                .invoke(() -> tickerCancelled.countDown());
    }

    @GET
    @Path("/either")
    @Produces({MediaType.APPLICATION_JSON, MediaType.SERVER_SENT_EVENTS})
    public Flowable<String> either() {
        return Flowable.just("a", "b");
    }
}
