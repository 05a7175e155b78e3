package org.jzenith.jwt.mp;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.jwt.Claim;
import org.eclipse.microprofile.jwt.ClaimValue;
import org.eclipse.microprofile.jwt.Claims;

/** Claims as resource method parameters, in each shape MicroProfile JWT code takes them. */
@Path("/claim-parameter")
@Produces(MediaType.TEXT_PLAIN)
public class ClaimParameterResource {

    @GET
    @Path("/raw")
    public String raw(
            @Claim("email") final String email,
            @Claim("level") final Long level,
            @Claim("admin") final Boolean admin,
            @Claim("groups") final Set<String> groups,
            @Claim("team") final Object team) {
        return "email=" + email + " level=" + level + " admin=" + admin + " groups="
                + (groups == null ? null : new TreeSet<>(groups)) + " team=" + team;
    }

    @GET
    @Path("/standard")
    public String standard(
            @Claim(standard = Claims.sub) final String subject,
            @Claim(standard = Claims.iss) final String issuer,
            @Claim(standard = Claims.aud) final Set<String> audience,
            @Claim(standard = Claims.exp) final Long expires,
            @Claim(value = "email", standard = Claims.email) final String email) {
        return "subject=" + subject + " issuer=" + issuer + " audience=" + audience + " expiresIsNumber="
                + (expires != null && expires > 0) + " email=" + email;
    }

    @GET
    @Path("/optional")
    public String optional(
            @Claim("email") final Optional<String> email,
            @Claim("level") final Optional<Long> level,
            @Claim("admin") final Optional<Boolean> admin,
            @Claim(standard = Claims.groups) final Optional<Set<String>> groups) {
        return "email=" + email.orElse("none") + " level="
                + level.map(String::valueOf).orElse("none") + " admin="
                + admin.map(String::valueOf).orElse("none") + " groups="
                + groups.map(TreeSet::new).map(String::valueOf).orElse("none");
    }

    @GET
    @Path("/value")
    public String value(
            @Claim("email") final ClaimValue<String> email,
            @Claim(standard = Claims.groups) final ClaimValue<Set<String>> groups,
            @Claim("nickname") final ClaimValue<Optional<String>> nickname,
            @Claim("level") final ClaimValue<Long> level) {
        return email.getName() + "=" + email.getValue() + " " + groups.getName() + "="
                + (groups.getValue() == null ? null : new TreeSet<>(groups.getValue())) + " " + nickname.getName()
                + "=" + nickname.getValue().orElse("none") + " " + level.getName() + "=" + level.getValue();
    }

    /** Reactive, so it runs on the event loop: the claim is read there, with the other parameters. */
    @GET
    @Path("/event-loop")
    @RolesAllowed("reader")
    public CompletionStage<String> onTheEventLoop(
            @QueryParam("greeting") final String greeting, @Claim(standard = Claims.sub) final String subject) {
        return CompletableFuture.completedFuture(greeting + " " + subject + " on "
                + (Thread.currentThread().isVirtual() ? "a virtual thread" : "the event loop"));
    }

    /** Runs on a virtual thread (the default for a plain return). */
    @GET
    @Path("/virtual-thread")
    public String onAVirtualThread(@Claim(standard = Claims.sub) final Optional<String> subject) {
        return subject.orElse("anonymous") + " on "
                + (Thread.currentThread().isVirtual() ? "a virtual thread" : "the event loop");
    }
}
