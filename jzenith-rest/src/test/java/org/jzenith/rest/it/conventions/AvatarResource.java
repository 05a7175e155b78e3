package org.jzenith.rest.it.conventions;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;

/** A profile sent as one part of a multipart form, read as an object, as Jersey and Quarkus resources do. */
@Path("/profiles")
public class AvatarResource {

    /** What the "profile" part holds. */
    public record Profile(String name, int age) {}

    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public String save(@FormParam("profile") final EntityPart profile) throws IOException {
        final Profile read = profile.getContent(Profile.class);
        return read.name() + " is " + read.age();
    }
}
