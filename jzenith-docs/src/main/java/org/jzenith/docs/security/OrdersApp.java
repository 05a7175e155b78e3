package org.jzenith.docs.security;

import org.jzenith.core.JZenith;
import org.jzenith.jwt.JwtPlugin;
import org.jzenith.rest.RestPlugin;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/security.md, "JWT bearer tokens": the plugin beside the REST plugin. */
public final class OrdersApp {

    private OrdersApp() {}

    public static void main(final String... args) {
        // tag::main[]
        JZenith.application(args)
               .withPlugins(RestPlugin.withResources(OrderResource.class), JwtPlugin.create())
               .run();
        // end::main[]
    }
}
// spotless:on
