package org.jzenith.rest.it.conventions;

import jakarta.inject.Inject;
import jakarta.validation.Validator;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;

/** A constrained parameter, and the injected Validator a resource may use itself. */
@Path("/counts")
public class CountResource {

    private final Validator validator;

    @Inject
    CountResource(final Validator validator) {
        this.validator = validator;
    }

    @GET
    public String count(@QueryParam("n") @Min(1) final int n) {
        return "counted " + n;
    }

    @GET
    @Path("/validator")
    public String validator() {
        return validator.validate(new Wanted(0)).iterator().next().getMessage();
    }

    /** Something to validate by hand. */
    public record Wanted(@Min(1) int amount) {}
}
