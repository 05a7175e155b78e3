package org.jzenith.docs.readme;

import org.jzenith.core.JZenith;
import org.jzenith.docs.users.ServiceLayerModule;
import org.jzenith.docs.users.UserResource;
import org.jzenith.rest.RestPlugin;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** README.md, the first block: a whole service in one main. */
public final class ReadmeApp {

    private ReadmeApp() {}

    // tag::main[]
    public static void main(final String... args) {
        JZenith.application(args)
               .withPlugins(RestPlugin.withResources(UserResource.class))
               .withModules(new ServiceLayerModule())
               .withConfiguration("rest.port", 8080)
               .run();
    }
    // end::main[]
}
// spotless:on
