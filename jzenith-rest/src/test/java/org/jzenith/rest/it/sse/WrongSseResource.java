package org.jzenith.rest.it.sse;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.sse.SseEventSink;

@Path("/wrong-sse")
public class WrongSseResource {

    @GET
    public String get(@Context final SseEventSink sink) {
        return "both ways";
    }
}
