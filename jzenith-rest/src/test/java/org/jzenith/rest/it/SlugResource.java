package org.jzenith.rest.it;

import io.reactivex.rxjava3.core.Single;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.RedirectionException;
import jakarta.ws.rs.core.Response;
import java.net.URI;

public class SlugResource implements SlugApi {

    @Override
    @Blocking
    public String slug(final String slug) {
        return "\"" + slug + " on "
                + (Thread.currentThread().isVirtual()
                        ? "virtual"
                        : Thread.currentThread().getName()) + "\"";
    }

    @Override
    public Single<Response> wrapped() {
        return Single.just(Response.status(202)
                .header("X-Wrapped", "yes")
                .entity("\"accepted\"")
                .build());
    }

    @Override
    public String redirect() {
        throw new RedirectionException(303, URI.create("http://example.org/elsewhere"));
    }

    @Override
    public String assertion() {
        throw new AssertionError("an Error on a virtual thread");
    }
}
