package org.jzenith.rest.it.adapters;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Returns Reactor's types, as code moved from Spring WebFlux does. */
@Path("/spring")
@Produces(MediaType.APPLICATION_JSON)
public class SpringStyleResource {

    /** A price. */
    public record Price(String item, int cents) {}

    @GET
    @Path("/price")
    public Mono<Price> price() {
        return Mono.just(new Price("tea", 250)).delayElement(Duration.ofMillis(5));
    }

    @GET
    @Path("/empty")
    public Mono<Price> empty() {
        return Mono.empty();
    }

    @GET
    @Path("/names")
    public Flux<String> names() {
        return Flux.just("ada", "grace");
    }
}
