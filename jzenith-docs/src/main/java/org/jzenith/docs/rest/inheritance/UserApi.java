package org.jzenith.docs.rest.inheritance;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.UUID;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/rest.md, "Resources": the annotations on an interface. */
// tag::api[]
public interface UserApi { @GET @Path("/{id}") User get(@PathParam("id") UUID id); }
// end::api[]
// spotless:on
