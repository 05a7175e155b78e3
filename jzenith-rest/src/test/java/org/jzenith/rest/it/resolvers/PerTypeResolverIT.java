package org.jzenith.rest.it.resolvers;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/**
 * Jakarta REST 3.1, §4.3: a {@code ContextResolver} "provides context information to resource classes
 * and other providers" for a type: the JSON mapper is asked for the type being read or written, not
 * only once for {@code Object}.
 */
class PerTypeResolverIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(Names.class).withProviders(PerTypeMappers.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void theMapperTheResolverGivesForATypeWritesAndReadsIt() {
        assertThat(http.get("/names/snake").body()).isEqualTo("{\"first_name\":\"Ada\"}");
        assertThat(http.send("POST", "/names/snake", "{\"first_name\":\"Bob\"}", "Content-Type", "application/json")
                        .body())
                .isEqualTo("Bob");
    }

    @Test
    void aTypeTheResolverHasNoMapperForGetsTheDefault() {
        assertThat(http.get("/names/camel").body()).isEqualTo("{\"firstName\":\"Ada\"}");
    }
}
