package org.jzenith.docs.rest;

import org.jzenith.core.JZenith;
import org.jzenith.docs.readme.DocumentedUserResource;
import org.jzenith.openapi.OpenApiPlugin;
import org.jzenith.rest.RestPlugin;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/rest.md, "The OpenAPI document": the OpenAPI plugin beside the REST plugin. */
public final class OpenApiPlugins {

    private OpenApiPlugins() {}

    /** The document and Swagger UI of the REST plugin's resources. */
    public static JZenith documented(final String... args) {
        return JZenith.application(args)
                // tag::openapi[]
                .withPlugins(
                        RestPlugin.withResources(DocumentedUserResource.class),
                        OpenApiPlugin.create()) // /openapi.json, /openapi.yaml, /swagger-ui/
                .withConfiguration("rest.openapi.title", "User service"); // the keys stay under rest.openapi.
        // end::openapi[]
    }
}
