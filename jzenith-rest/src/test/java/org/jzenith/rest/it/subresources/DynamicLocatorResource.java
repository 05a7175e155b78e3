package org.jzenith.rest.it.subresources;

import jakarta.ws.rs.Path;

/** A locator whose result's class is known only at run time, which jZenith cannot route. */
@Path("/dynamic")
public class DynamicLocatorResource {

    @Path("/{kind}")
    public Object locate() {
        return new ItemResource("c", 1);
    }
}
