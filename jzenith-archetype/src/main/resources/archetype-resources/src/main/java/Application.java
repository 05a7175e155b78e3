package ${package};

import org.jzenith.core.JZenith;
import org.jzenith.openapi.OpenApiPlugin;
import org.jzenith.rest.RestPlugin;

/**
 * The service: {@code GET /hello?name=Ada} answers {@code {"message":"Hello, Ada!"}}, with the
 * greeting's salutation from the configuration ({@code greeting.salutation}).
 */
public final class Application {

    private Application() {}

    public static void main(final String... args) {
        application(args).run();
    }

    /** The service, configured by {@code args} and not yet started (tests start it themselves). */
    public static JZenith application(final String... args) {
        return JZenith.application(args)
                // OpenApiPlugin: the API's OpenAPI document at /openapi.json and /openapi.yaml.
                .withPlugins(RestPlugin.withResources(GreetingResource.class), OpenApiPlugin.create())
                .withModules(new GreetingModule())
                .withConfigurationMappings(GreetingConfiguration.class);
    }
}
