package org.jzenith.openapi.internal;

import java.util.ArrayList;
import java.util.List;
import org.jzenith.openapi.OpenApiConfiguration;

/** What is wrong with the OpenAPI plugin's settings, each problem naming its key and the fix. */
public final class OpenApiChecks {

    /**
     * One setting that does not hold.
     *
     * @param key the key, such as {@code rest.openapi.title}
     * @param expected what it should be, and how to get there
     */
    public record Problem(String key, String expected) {}

    private OpenApiChecks() {}

    /**
     * The problems of {@code settings}: a blank title or version, and Swagger UI asked for where
     * {@code loader} has no {@code org.webjars:swagger-ui} jar (it would be silently missing).
     */
    public static List<Problem> problems(final OpenApiConfiguration settings, final ClassLoader loader) {
        final List<Problem> problems = new ArrayList<>();
        if (settings.title().isBlank()) {
            problems.add(
                    new Problem("rest.openapi.title", "a title for the document, such as rest.openapi.title=Orders"));
        }
        if (settings.version().isBlank()) {
            problems.add(new Problem(
                    "rest.openapi.version", "the API's version for the document, such as rest.openapi.version=1.0"));
        }
        if (settings.enabled() && settings.swaggerUi().orElse(false) && !OpenApiRoutes.hasSwaggerUi(loader)) {
            problems.add(new Problem(
                    "rest.openapi.swagger-ui",
                    "the org.webjars:swagger-ui jar on the class path for Swagger UI: add <dependency>"
                            + "<groupId>org.webjars</groupId><artifactId>swagger-ui</artifactId></dependency>"
                            + " (its version comes from jzenith-bom), or set rest.openapi.swagger-ui=false"));
        }
        return List.copyOf(problems);
    }
}
