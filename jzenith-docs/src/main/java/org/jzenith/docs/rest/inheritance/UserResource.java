package org.jzenith.docs.rest.inheritance;

import jakarta.ws.rs.Path;
import java.util.UUID;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/rest.md, "Resources": the implementation inherits the interface's annotations. */
// tag::resource[]
@Path("/users")
public class UserResource implements UserApi { public User get(final UUID id) { return new User(id, "Ada"); } }
// end::resource[]
// spotless:on
