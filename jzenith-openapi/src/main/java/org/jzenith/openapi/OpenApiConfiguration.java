package org.jzenith.openapi;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/**
 * Settings of the OpenAPI plugin. They keep the keys they had when the REST plugin served the
 * document, under {@code rest.openapi.}, so that existing configuration goes on working:
 *
 * <pre>
 * rest.openapi.enabled=true                # /openapi.json, /openapi.yaml and /swagger-ui
 * rest.openapi.swagger-ui=true             # unset: on, but off in the prod profile
 * rest.openapi.title=User service          # the document's info.title
 * rest.openapi.version=1.4.2               # the document's info.version (the API's, not OpenAPI's)
 * rest.openapi.description=CRUD on users   # the document's info.description; unset: none
 * </pre>
 *
 * <p>A blank title or version, and Swagger UI asked for without its jar, stop start-up with the
 * other problems of the configuration.
 */
@ConfigMapping(prefix = "rest.openapi")
public interface OpenApiConfiguration {

    /** Whether the document and Swagger UI are served. */
    @WithDefault("true")
    boolean enabled();

    /**
     * Whether Swagger UI is served at {@code /swagger-ui/} (with the {@code org.webjars:swagger-ui}
     * jar on the class path): unset, yes, except in the {@code prod} profile, where a page that calls
     * the API from a browser is something to ask for.
     */
    Optional<Boolean> swaggerUi();

    /** The document's {@code info.title}. */
    @WithDefault("jZenith service")
    String title();

    /** The document's {@code info.version}: the version of the API, not of OpenAPI. */
    @WithDefault("1.0")
    String version();

    /** The document's {@code info.description}. */
    Optional<String> description();
}
