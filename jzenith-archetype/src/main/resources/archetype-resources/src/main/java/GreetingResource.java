package ${package};

import jakarta.inject.Inject;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /hello?name=Ada}: a Jakarta REST resource, created by Guice with what it needs. */
@Path("/hello")
@Produces(MediaType.APPLICATION_JSON)
public class GreetingResource {

    /** The answer, written as JSON. */
    public record Greeting(String message) {}

    private final Greeter greeter;

    @Inject
    public GreetingResource(final Greeter greeter) {
        this.greeter = greeter;
    }

    /** A plain return type, so it runs on a virtual thread: blocking calls are fine here. */
    @GET
    public Greeting hello(@QueryParam("name") @DefaultValue("World") @Size(min = 1, max = 100) final String name) {
        return new Greeting(greeter.greet(name));
    }
}
