package org.jzenith.openapi.internal;

import java.util.ArrayList;
import java.util.List;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.openapi.OpenApiConfiguration;

/**
 * What is wrong with the OpenAPI plugin's settings, every key at once, each {@link SettingProblem}
 * naming its key and the fix; {@code OpenApiPlugin.validate} reports them with the rest of the
 * configuration's before anything is created.
 */
public final class OpenApiChecks {

    private OpenApiChecks() {}

    /**
     * The problems of {@code settings}: a blank title or version, and Swagger UI asked for where
     * {@code loader} has no {@code org.webjars:swagger-ui} jar (it would be silently missing).
     */
    public static List<SettingProblem> problems(final OpenApiConfiguration settings, final ClassLoader loader) {
        final List<SettingProblem> problems = new ArrayList<>();
        if (settings.title().isBlank()) {
            problems.add(new SettingProblem(
                    "rest.openapi.title", "a title for the document, such as rest.openapi.title=Orders"));
        }
        if (settings.version().isBlank()) {
            problems.add(new SettingProblem(
                    "rest.openapi.version", "the API's version for the document, such as rest.openapi.version=1.0"));
        }
        if (settings.enabled() && settings.swaggerUi().orElse(false) && !OpenApiRoutes.hasSwaggerUi(loader)) {
            problems.add(new SettingProblem(
                    "rest.openapi.swagger-ui",
                    "the org.webjars:swagger-ui jar on the class path for Swagger UI: add <dependency>"
                            + "<groupId>org.webjars</groupId><artifactId>swagger-ui</artifactId></dependency>"
                            + " (its version comes from jzenith-bom), or set rest.openapi.swagger-ui=false"));
        }
        return List.copyOf(problems);
    }
}
