package org.jzenith.docs.security;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.jwt.Claim;
import org.eclipse.microprofile.jwt.ClaimValue;
import org.eclipse.microprofile.jwt.Claims;
import org.eclipse.microprofile.jwt.JsonWebToken;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/security.md, "MicroProfile JWT": the token and its claims injected into a resource, and claims as parameters. */
@Path("/profile")
public class ProfileResource {

    // tag::resource[]
    @Inject JsonWebToken jwt;                                         // the current request's token

    @Inject @Claim(standard = Claims.email) ClaimValue<String> email; // read per request
    @Inject @Claim("groups") ClaimValue<Set<String>> groups;
    @Inject @Claim("nickname") ClaimValue<Optional<String>> nickname;

    @GET
    @RolesAllowed("user")
    public String me() {
        return jwt.getName() + " <" + email.getValue() + "> in " + groups.getValue()
                + ", expires at " + jwt.getExpirationTime() + ", " + nickname.getValue().orElse("no nickname");
    }
    // end::resource[]

    // tag::parameters[]
    @GET
    @Path("/contact")
    public String contact(@Claim(standard = Claims.sub) String subject,          // null without a token
                          @Claim("email") Optional<String> email,                // empty without the claim
                          @Claim(standard = Claims.groups) ClaimValue<Set<String>> groups) {
        return subject + " " + email.orElse("-") + " " + groups.getValue();
    }
    // end::parameters[]
}
// spotless:on
