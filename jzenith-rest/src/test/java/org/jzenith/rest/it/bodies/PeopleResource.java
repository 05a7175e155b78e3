package org.jzenith.rest.it.bodies;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

@Path("/people")
public class PeopleResource {

    @GET
    @Produces({"text/csv", MediaType.APPLICATION_JSON})
    public List<Person> all() {
        return List.of(new Person("Ada", 36), new Person("Grace", 85));
    }

    @POST
    @Consumes({"text/csv", MediaType.APPLICATION_JSON})
    @Produces(MediaType.APPLICATION_JSON)
    public Person create(final Person person) {
        return new Person(person.name().toUpperCase(java.util.Locale.ROOT), person.age());
    }

    @GET
    @Path("/one")
    @Produces({MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML})
    public Person one() {
        return new Person("Ada", 36);
    }
}
