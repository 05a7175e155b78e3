package org.jzenith.docs.rest;

import io.reactivex.rxjava3.core.Flowable;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.TimeUnit;

/** A stream returned for server-sent events: one event per element, for as long as the client listens. */
@Path("/quotes")
public class QuoteStream {

    /** A quote, sent as JSON. */
    public record Quote(String symbol, int cents) {}

    // tag::stream[]
    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public Flowable<Quote> quotes() { // or Multi<Quote>, Publisher<Quote>, Observable<Quote>
        return Flowable.interval(1, TimeUnit.SECONDS).map(tick -> new Quote("ACME", 1200 + tick.intValue()));
    }
    // end::stream[]
}
