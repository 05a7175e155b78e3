package org.jzenith.rest.it.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.AbstractModule;
import com.google.inject.Scopes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;

/**
 * Jakarta REST 3.1, §3.1.1: "By default a new resource class instance is created for each request
 * to that resource"; CDI's {@code @RequestScoped} and {@code @Dependent} say the same, {@code
 * @Singleton} and {@code @ApplicationScoped} keep one instance. Each resource counts the requests
 * its object served: a new object per request answers 1 every time.
 */
class ResourceLifecycleIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        served = Served.start(RestPlugin.withResources(
                UnscopedResource.class,
                RequestScopedResource.class,
                DependentResource.class,
                SingletonResource.class,
                ApplicationScopedResource.class));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void aResourceWithoutScopeGetsANewObjectForEachRequest() {
        assertThat(http.get("/unscoped").body()).isEqualTo("1");
        assertThat(http.get("/unscoped").body()).isEqualTo("1");
    }

    @Test
    void requestScopedAndDependentResourcesGetANewObjectForEachRequest() {
        assertThat(http.get("/requestScoped").body()).isEqualTo("1");
        assertThat(http.get("/requestScoped").body()).isEqualTo("1");
        assertThat(http.get("/dependent").body()).isEqualTo("1");
        assertThat(http.get("/dependent").body()).isEqualTo("1");
    }

    @Test
    void singletonAndApplicationScopedResourcesServeEveryRequestWithOneObject() {
        final int first = Integer.parseInt(http.get("/singleton").body());
        assertThat(http.get("/singleton").body()).isEqualTo(String.valueOf(first + 1));
        final int application = Integer.parseInt(http.get("/applicationScoped").body());
        assertThat(http.get("/applicationScoped").body()).isEqualTo(String.valueOf(application + 1));
    }

    @Test
    void aResourceBoundAsASingletonInTheApplicationsModuleKeepsOneObject() {
        final JZenith app = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(ModuleSingletonResource.class))
                .withModules(new AbstractModule() {
                    @Override
                    protected void configure() {
                        bind(ModuleSingletonResource.class).in(Scopes.SINGLETON);
                    }
                })
                .start();
        try {
            final Http bound = new Http(app.instance(RestServer.class).port());
            assertThat(bound.get("/moduleSingleton").body()).isEqualTo("1");
            assertThat(bound.get("/moduleSingleton").body()).isEqualTo("2");
        } finally {
            app.stop();
        }
    }

    @Test
    void aCdiScopeJZenithDoesNotHaveFailsStartUpNamingIt() {
        final JZenith app =
                JZenith.application("--rest.port=0").withPlugins(RestPlugin.withResources(SessionScopedResource.class));

        assertThatThrownBy(app::start)
                .hasMessageContaining("SessionScopedResource (RestPlugin.withResources): is @SessionScoped, a CDI scope"
                        + " jZenith does not have");
    }
}
