package org.jzenith.rest.it.sse;

import jakarta.inject.Singleton;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseBroadcaster;
import jakarta.ws.rs.sse.SseEventSink;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

/** Server-sent events as the Jakarta REST and Jersey examples write them: a stream, and a broadcast. */
@Path("/events")
@Singleton
public class EventsResource {

    /** A price, sent as JSON. */
    public record Price(String item, int cents) {}

    private volatile SseBroadcaster broadcaster;
    final AtomicInteger subscribers = new AtomicInteger();

    @GET
    @Path("/count")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void count(@Context final SseEventSink sink, @Context final Sse sse) throws IOException {
        try (sink) {
            for (int i = 1; i <= 3; i++) {
                sink.send(sse.newEvent("tick", Integer.toString(i)))
                        .toCompletableFuture()
                        .join();
            }
            sink.send(sse.newEventBuilder()
                            .id("7")
                            .name("price")
                            .reconnectDelay(3000)
                            .mediaType(MediaType.APPLICATION_JSON_TYPE)
                            .data(Price.class, new Price("tea", 250))
                            .build())
                    .toCompletableFuture()
                    .join();
            sink.send(sse.newEventBuilder().comment("two\nlines").data("a\nb").build());
        }
    }

    @GET
    @Path("/subscribe")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void subscribe(@Context final SseEventSink sink, @Context final Sse sse) {
        if (broadcaster == null) {
            broadcaster = sse.newBroadcaster();
        }
        broadcaster.register(sink);
        sink.send(sse.newEvent("welcome"));
        subscribers.incrementAndGet();
    }

    @POST
    @Path("/publish")
    public String publish(@QueryParam("text") final String text, @Context final Sse sse) {
        broadcaster.broadcast(sse.newEvent("news", text)).toCompletableFuture().join();
        return "sent";
    }

    @POST
    @Path("/close")
    public String close() {
        broadcaster.close();
        return "closed";
    }

    @GET
    @Path("/subscribers")
    public String subscribers() {
        return Integer.toString(subscribers.get());
    }
}
