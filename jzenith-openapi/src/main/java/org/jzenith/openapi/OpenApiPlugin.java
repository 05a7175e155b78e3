package org.jzenith.openapi;

import com.google.inject.Key;
import com.google.inject.Module;
import io.vertx.core.Future;
import java.util.List;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.core.Validation;
import org.jzenith.openapi.internal.OpenApiChecks;
import org.jzenith.rest.spi.ResourceEndpoints;

/**
 * The OpenAPI 3.1 document of the REST plugin's resources at {@code GET /openapi.json} and {@code
 * /openapi.yaml}, and Swagger UI at {@code /swagger-ui/} where the application has the {@code
 * org.webjars:swagger-ui} jar; on {@code management.port} when one is set.
 *
 * <pre>{@code
 * JZenith.application(args)
 *        .withPlugins(RestPlugin.withResources(UserResource.class), OpenApiPlugin.create())
 *        .withConfiguration("rest.openapi.title", "User service")
 *        .run();
 * }</pre>
 *
 * <p>The document is made from the endpoints the REST plugin serves ({@link ResourceEndpoints}),
 * on its first request, so start-up does not pay for it; Swagger's {@code @Operation}, {@code
 * @ApiResponse}, {@code @Tag} and {@code @Hidden} add to it where the application has them. Swagger
 * UI is off in the {@code prod} profile unless {@code rest.openapi.swagger-ui=true}. Settings under
 * {@code rest.openapi.} ({@link OpenApiConfiguration}). Needs {@code RestPlugin}: without it,
 * start-up fails saying so.
 */
public final class OpenApiPlugin implements Plugin {

    private OpenApiPlugin() {}

    /** The OpenAPI plugin, configured under {@code rest.openapi.}. */
    public static OpenApiPlugin create() {
        return new OpenApiPlugin();
    }

    @Override
    public String name() {
        return "openapi";
    }

    @Override
    public List<Module> modules() {
        return List.of(new OpenApiModule());
    }

    @Override
    public List<Class<?>> configurationMappings() {
        return List.of(OpenApiConfiguration.class);
    }

    /** Reports, all at once, a blank title or version, and Swagger UI asked for where its jar is missing. */
    @Override
    public void validate(final Validation validation) {
        validation
                .configuration(OpenApiConfiguration.class)
                .ifPresent(settings ->
                        validation.reject(OpenApiChecks.problems(settings, OpenApiPlugin.class.getClassLoader())));
    }

    /** Fails when the application has no REST plugin, whose resources the document describes. */
    @Override
    public Future<Void> start(final PluginContext context) {
        if (context.injector().getExistingBinding(Key.get(ResourceEndpoints.class)) == null) {
            return Future.failedFuture(new IllegalStateException(
                    "OpenApiPlugin documents the REST plugin's resources, but the application has no RestPlugin:"
                            + " add RestPlugin.withResources(...) to withPlugins, or remove OpenApiPlugin.create()"));
        }
        return Future.succeededFuture();
    }
}
