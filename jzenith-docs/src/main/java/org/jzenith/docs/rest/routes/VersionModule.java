package org.jzenith.docs.rest.routes;

import com.google.inject.AbstractModule;
import org.jzenith.rest.RouteContributor;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/rest.md, "Built-in endpoints": binding the RouteContributor. */
public final class VersionModule extends AbstractModule {

    @Override
    protected void configure() {
        // tag::bind[]
        RouteContributor.bind(binder()).to(VersionRoutes.class);          // in any Guice module
        // end::bind[]
    }
}
// spotless:on
