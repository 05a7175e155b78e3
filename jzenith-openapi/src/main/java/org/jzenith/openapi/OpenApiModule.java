package org.jzenith.openapi;

import com.google.inject.AbstractModule;
import org.jzenith.openapi.internal.OpenApiContributor;
import org.jzenith.rest.RouteContributor;

/** Adds the document's and Swagger UI's routes to the REST server. */
final class OpenApiModule extends AbstractModule {

    @Override
    protected void configure() {
        // A provider that reads the REST plugin's bindings only when the REST plugin asks for its
        // routes: without a REST plugin the injector is still made, and OpenApiPlugin.start says what is missing.
        RouteContributor.bind(binder()).toProvider(OpenApiContributor.class);
    }
}
