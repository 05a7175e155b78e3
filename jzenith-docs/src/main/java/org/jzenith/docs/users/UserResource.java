package org.jzenith.docs.users;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.Optional;
import java.util.UUID;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/rest.md, "Getting started". */
// tag::resource[]
@Path("/users")
public class UserResource {

    private final UserService users;

    @Inject
    public UserResource(final UserService users) { this.users = users; }

    @GET
    @Path("/{id}")
    public Optional<User> get(@PathParam("id") final UUID id) {   // empty: 404
        return users.find(id);
    }
}
// end::resource[]
// spotless:on
