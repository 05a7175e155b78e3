package org.jzenith.kafka.guide;

import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * The Quarkus Kafka guide's emitter, as Mutiny users write it: a {@code MutinyEmitter} field without
 * {@code @Inject}, sent through in each of its forms.
 */
@Path("/prices")
public class PriceResource {

    @Channel("prices")
    MutinyEmitter<Double> emitter;

    /** On the event loop: the request ends when the broker confirmed the price. */
    @POST
    @Path("/uni/{price}")
    public Uni<Void> send(@PathParam("price") final double price) {
        return emitter.send(price);
    }

    /** A plain method, on a virtual thread, where waiting is fine. */
    @POST
    @Path("/await/{price}")
    public void sendAndAwait(@PathParam("price") final double price) {
        emitter.sendAndAwait(price);
    }

    @POST
    @Path("/forget/{price}")
    public void sendAndForget(@PathParam("price") final double price) {
        emitter.sendAndForget(price);
    }

    /** A message whose acknowledgement the request waits for. */
    @POST
    @Path("/message/{price}")
    public Uni<Void> sendMessage(@PathParam("price") final double price) {
        return emitter.sendMessage(Message.of(price));
    }
}
