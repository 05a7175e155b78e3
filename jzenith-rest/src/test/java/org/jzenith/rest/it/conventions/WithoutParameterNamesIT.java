package org.jzenith.rest.it.conventions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.rest.RestPlugin;

/** Quarkus's name-based conventions need -parameters; without it start-up says so instead of binding wrongly. */
class WithoutParameterNamesIT {

    @TempDir
    Path classes;

    @Test
    void theCompiledClassReallyHasNoNames() throws Exception {
        final Class<?> resource = CompiledWithoutNames.compile(classes, "NamelessResource", """
                package gen;

                @jakarta.ws.rs.Path("/nameless/{id}")
                public class NamelessResource {
                    @jakarta.ws.rs.PUT
                    public String put(String id, String body) {
                        return id + body;
                    }
                }
                """);

        assertThat(resource.getMethod("put", String.class, String.class)
                        .getParameters()[0]
                        .isNamePresent())
                .isFalse();
    }

    @Test
    void aPathVariableTakenByNameFailsStartUpAskingForParameterNames() {
        final Class<?> resource = CompiledWithoutNames.compile(classes, "NamelessPathResource", """
                package gen;

                @jakarta.ws.rs.Path("/nameless/{id}")
                public class NamelessPathResource {
                    @jakarta.ws.rs.PUT
                    public String put(String id, String body) {
                        return id + body;
                    }
                }
                """);
        final JZenith app = JZenith.application("--rest.port=0").withPlugins(RestPlugin.withResources(resource));

        assertThatThrownBy(app::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("NamelessPathResource was compiled without parameter names")
                .hasMessageContaining("-parameters");
    }

    @Test
    void aQuarkusAnnotationWithoutAValueFailsStartUpAskingForParameterNames() {
        final Class<?> resource = CompiledWithoutNames.compile(classes, "NamelessQueryResource", """
                package gen;

                @jakarta.ws.rs.Path("/nameless")
                public class NamelessQueryResource {
                    @jakarta.ws.rs.GET
                    public String get(@org.jboss.resteasy.reactive.RestQuery String name) {
                        return name;
                    }
                }
                """);
        final JZenith app = JZenith.application("--rest.port=0").withPlugins(RestPlugin.withResources(resource));

        assertThatThrownBy(app::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("@RestQuery names no parameter")
                .hasMessageContaining("-parameters");
    }
}
