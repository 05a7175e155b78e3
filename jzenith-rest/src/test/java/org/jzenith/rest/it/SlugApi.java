package org.jzenith.rest.it;

import io.reactivex.rxjava3.core.Single;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;

/** Routes declared on an interface, implemented by {@link SlugResource}. */
@Path("/")
public interface SlugApi {

    /** A root template: it must not hide /health or /metrics. */
    @GET
    @Path("/{slug}")
    String slug(@PathParam("slug") String slug);

    @GET
    @Path("/wrapped/response")
    Single<Response> wrapped();

    @GET
    @Path("/redirect/away")
    String redirect();

    @GET
    @Path("/error/assertion")
    String assertion();
}
