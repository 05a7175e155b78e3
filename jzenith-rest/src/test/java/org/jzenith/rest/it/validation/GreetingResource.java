package org.jzenith.rest.it.validation;

import jakarta.validation.Validator;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

@Path("/greetings")
@Produces(MediaType.TEXT_PLAIN)
public class GreetingResource {

    private final Greeter greeter;
    private final Validator validator;

    public GreetingResource(final Greeter greeter, final Validator validator) {
        this.greeter = greeter;
        this.validator = validator;
    }

    @GET
    public String greet(@QueryParam("name") final String name) {
        return greeter.greet(name == null ? "" : name);
    }

    @GET
    @Path("/welcome")
    public String welcome(@QueryParam("name") final String name) {
        return greeter.welcome(new Greeter.Person(name));
    }

    @GET
    @Path("/nickname")
    public String nickname(@QueryParam("name") final String name) {
        return greeter.nickname(name);
    }

    @GET
    @Path("/check")
    public String check(@QueryParam("name") final String name) {
        return validator.validate(new Greeter.Person(name)).size() + " violations";
    }
}
