package org.jzenith.jwt.mp;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.jwt.Claim;

/** Claim parameters of types a claim is not read into: start-up refuses each, with what to declare. */
@Path("/unreadable-claim-parameter")
public class UnreadableClaimParameterResource {

    @GET
    @Path("/integer")
    public String integer(@Claim("level") final Integer level) {
        return String.valueOf(level);
    }

    @GET
    @Path("/primitive")
    public String primitive(@Claim("level") final long level) {
        return String.valueOf(level);
    }

    @GET
    @Path("/unnamed")
    public String unnamed(@Claim final String nothing) {
        return nothing;
    }
}
