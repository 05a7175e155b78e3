package org.jzenith.docs.rest.application;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Set;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/rest.md, "Resources": an existing Application, served by RestPlugin.withApplication. */
// tag::application[]
@ApplicationPath("/api")
public class ShopApplication extends Application {
    public Set<Class<?>> getClasses() { return Set.of(OrderResource.class, NoSuchOrderMapper.class); }
}
// end::application[]
// spotless:on
