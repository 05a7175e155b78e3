package org.jzenith.rest.it.conventions;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/** Written as Quarkus REST users write: no annotations where the name says it, a package-private constructor. */
@Path("/fruits")
@Produces(MediaType.TEXT_PLAIN)
public class FruitResource {

    private final FruitBasket basket;

    FruitResource(final FruitBasket basket) {
        this.basket = basket;
    }

    @GET
    @Path("/{name}")
    public String price(final String name) {
        return name + " costs " + basket.cents(name);
    }

    @GET
    @Path("/{name}/quote")
    public String quote(
            @RestPath final String name, @RestQuery final int amount, @RestHeader final String acceptLanguage) {
        return amount + " " + name + " cost " + amount * basket.cents(name) + " (" + acceptLanguage + ")";
    }

    @POST
    @Path("/{kind}")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public String order(@RestPath("kind") final String fruit, @RestForm final int count) {
        return "ordered " + count + " " + fruit;
    }

    @PUT
    @Path("/{name}")
    @Consumes(MediaType.TEXT_PLAIN)
    public String rename(final String name, final String body) {
        return name + " is now " + body;
    }
}
