package org.jzenith.openapi.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.openapi.OpenApiConfiguration;

/** The settings' checks name the key and the fix; Swagger UI asked for without its jar is one. */
class OpenApiChecksTest {

    private record Settings(boolean enabled, Optional<Boolean> swaggerUi, String title, String version)
            implements OpenApiConfiguration {

        @Override
        public Optional<String> description() {
            return Optional.empty();
        }
    }

    private static final ClassLoader WITH_WEBJAR = OpenApiChecksTest.class.getClassLoader();

    @Test
    void theDefaultsHold() {
        assertThat(OpenApiChecks.problems(new Settings(true, Optional.empty(), "jZenith service", "1.0"), WITH_WEBJAR))
                .isEmpty();
    }

    @Test
    void aBlankTitleAndVersionAreNamed() {
        assertThat(OpenApiChecks.problems(new Settings(true, Optional.empty(), " ", ""), WITH_WEBJAR))
                .extracting(SettingProblem::key)
                .containsExactly("rest.openapi.title", "rest.openapi.version");
    }

    @Test
    void everyBadKeyIsReportedAtOnce() throws Exception {
        try (URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
            assertThat(OpenApiChecks.problems(new Settings(true, Optional.of(true), "", " "), empty))
                    .extracting(SettingProblem::key)
                    .containsExactly("rest.openapi.title", "rest.openapi.version", "rest.openapi.swagger-ui");
        }
    }

    @Test
    void swaggerUiAskedForWithoutItsJarIsNamedWithTheDependencyToAdd() throws Exception {
        try (URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
            assertThat(OpenApiChecks.problems(new Settings(true, Optional.of(true), "Shop", "1.0"), empty))
                    .singleElement()
                    .satisfies(problem -> {
                        assertThat(problem.key()).isEqualTo("rest.openapi.swagger-ui");
                        assertThat(problem.expected()).contains("<artifactId>swagger-ui</artifactId>");
                    });
            // Unset, or turned off, Swagger UI without its jar is simply not served.
            assertThat(OpenApiChecks.problems(new Settings(true, Optional.empty(), "Shop", "1.0"), empty))
                    .isEmpty();
            assertThat(OpenApiChecks.problems(new Settings(false, Optional.of(true), "Shop", "1.0"), empty))
                    .isEmpty();
        }
        assertThat(OpenApiChecks.problems(new Settings(true, Optional.of(true), "Shop", "1.0"), WITH_WEBJAR))
                .isEmpty();
    }
}
