package org.jzenith.rest.it.filters;

import io.reactivex.rxjava3.core.Flowable;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import java.util.Map;

@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public class FilteredResource {

    /** A plain method, so on a virtual thread: the security context and the header travel there. */
    @GET
    @Path("/me")
    public Map<String, Object> me(@Context final SecurityContext security, @HeaderParam("X-Trace") final String trace) {
        return Map.of(
                "name", security.getUserPrincipal().getName(),
                "admin", security.isUserInRole("admin"),
                "scheme", security.getAuthenticationScheme(),
                "trace", trace);
    }

    @GET
    @Path("/open/anonymous")
    public Map<String, Object> anonymous(@Context final SecurityContext security) {
        return Map.of("principal", String.valueOf(security.getUserPrincipal()));
    }

    @GET
    @Path("/audited")
    @Audited
    public Map<String, String> audited() {
        return Map.of("value", "kept");
    }

    @PUT
    @Path("/audited")
    @Audited
    public String put() {
        return "\"put\"";
    }

    @GET
    @Path("/audited/failure")
    @Audited
    public String failure() {
        throw new IllegalStateException("the method failed");
    }

    @GET
    @Path("/stream")
    public Flowable<Integer> stream() {
        return Flowable.range(1, 3);
    }
}
