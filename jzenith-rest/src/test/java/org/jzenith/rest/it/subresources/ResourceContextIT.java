package org.jzenith.rest.it.subresources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/** {@code @Context} fields: ResourceContext, the per-request contexts, and a type no field can hold. */
class ResourceContextIT {

    private static final ExecutorService POOL = Executors.newFixedThreadPool(16);

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(ShopResource.class, HeadersFieldResource.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
        POOL.shutdown();
    }

    @Test
    void theResourceContextMakesAndInitialisesSubResourcesWithTheInjector() {
        assertThat(http.get("/shop/stock/tea").body()).isEqualTo("tea: 3");
        assertThat(http.get("/shop/restock/coffee").body()).isEqualTo("coffee: 6");
    }

    @Test
    void perRequestContextFieldsAnswerForTheRequestTheirThreadServes() throws Exception {
        assertThat(http.get("/fields", "X-Caller", "ada").body()).isEqualTo("GET fields ada false");
        assertThat(http.send("POST", "/fields", "").headers().firstValue("Location"))
                .hasValueSatisfying(location -> assertThat(location).endsWith("/fields/42"));

        final List<CompletableFuture<String>> answers = IntStream.range(0, 50)
                .mapToObj(i -> CompletableFuture.supplyAsync(
                        () -> http.get("/fields", "X-Caller", "caller-" + i).body(), POOL))
                .toList();
        for (int i = 0; i < answers.size(); i++) {
            assertThat(answers.get(i).get()).isEqualTo("GET fields caller-" + i + " false");
        }
    }

    @Test
    void aContextTypeNoFieldCanHoldFailsStartUp() {
        final JZenith broken = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(ResourceInfoFieldResource.class));

        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining(
                        "ResourceInfoFieldResource has the field configuration with @Context Configuration, a type jZenith"
                                + " does not put into fields");
    }
}
