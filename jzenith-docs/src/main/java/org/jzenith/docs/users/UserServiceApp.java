package org.jzenith.docs.users;

import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/rest.md, "Getting started": the main beside the resource. */
public final class UserServiceApp {

    private UserServiceApp() {}

    // tag::main[]
    public static void main(final String... args) {
        JZenith.application(args)
               .withPlugins(RestPlugin.withResources(UserResource.class)
                                      .withMapping(NoSuchUserException.class, 404))
               .withModules(new ServiceLayerModule())
               .run();
    }
    // end::main[]
}
// spotless:on
