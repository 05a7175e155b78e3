package org.jzenith.jwt.mp;

import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.jwt.Claim;
import org.eclipse.microprofile.jwt.ClaimValue;
import org.eclipse.microprofile.jwt.Claims;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** A singleton resource written as MicroProfile JWT code writes it: the token and claims injected. */
@Path("/token")
@Produces(MediaType.TEXT_PLAIN)
public class TokenResource {

    @Inject
    JsonWebToken jwt;

    @Inject
    @Claim(standard = Claims.email)
    ClaimValue<String> email;

    @Inject
    @Claim("groups")
    ClaimValue<Set<String>> groups;

    @Inject
    @Claim(standard = Claims.exp)
    ClaimValue<Long> expires;

    @Inject
    @Claim("nickname")
    ClaimValue<Optional<String>> nickname;

    @Inject
    @Claim(standard = Claims.raw_token)
    ClaimValue<String> raw;

    @GET
    @RolesAllowed("reader")
    public String me(@Context final SecurityContext security) {
        return "name=" + jwt.getName() + " subject=" + jwt.getSubject() + " issuer=" + jwt.getIssuer() + " audience="
                + jwt.getAudience() + " groups=" + new TreeSet<>(groups.getValue()) + " email=" + email.getValue()
                + " (" + email.getName() + ") nickname=" + nickname.getValue().orElse("none") + " expires="
                + (expires.getValue() == jwt.getExpirationTime()) + " raw="
                + raw.getValue().equals(jwt.getRawToken())
                + " custom=" + jwt.claim("level").orElse("none") + " principal="
                + (security.getUserPrincipal() instanceof JsonWebToken token ? token.getName() : "not a JsonWebToken");
    }

    @GET
    @Path("/open")
    @PermitAll
    public String open() {
        return jwt.getName() == null ? "anonymous, claims " + jwt.getClaimNames() : jwt.getName();
    }

    @GET
    @Path("/async")
    @RolesAllowed("reader")
    public CompletionStage<String> async() {
        return CompletableFuture.completedFuture(jwt.getName() + " " + email.getValue());
    }
}
