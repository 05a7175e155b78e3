package org.jzenith.rest.it.management;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.AbstractModule;
import io.vertx.core.Future;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.hardening.Echo;

/**
 * With {@code management.port}, health and metrics move to their own port, where health shows each
 * check's details; the API port no longer answers them.
 */
class ManagementPortIT {

    private static JZenith app;
    private static Http api;
    private static Http management;

    @BeforeAll
    static void start() {
        app = JZenith.application("--rest.port=0", "--management.port=0")
                .withPlugins(RestPlugin.withResources(Echo.class))
                .withModules(reporting(Map.of("host", "db.internal:5432", "version", "17.2")))
                .start();
        final RestServer server = app.instance(RestServer.class);
        api = new Http(server.port());
        management = new Http(server.managementPort().orElseThrow());
    }

    /** A module binding a health check named database that is UP and reports {@code data}. */
    private static AbstractModule reporting(final Map<String, Object> data) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                HealthCheck.bind(binder()).toInstance(new HealthCheck() {
                    @Override
                    public String name() {
                        return "database";
                    }

                    @Override
                    public Future<HealthResult> check() {
                        return Future.succeededFuture(HealthResult.up(data));
                    }
                });
            }
        };
    }

    @AfterAll
    static void stop() {
        app.stop();
    }

    @Test
    void healthAndMetricsAnswerOnlyOnTheManagementPort() {
        assertThat(management.get("/health").statusCode()).isEqualTo(200);
        assertThat(management.get("/health/ready").statusCode()).isEqualTo(200);
        assertThat(management.get("/metrics").body()).contains("jvm_memory_used_bytes");
        assertThat(api.get("/health").statusCode()).isEqualTo(404);
        assertThat(api.get("/metrics").statusCode()).isEqualTo(404);
        assertThat(api.get("/echo").statusCode()).isEqualTo(200);
        assertThat(management.get("/echo").statusCode()).isEqualTo(404);
        assertThat(management.get("/echo").body()).contains("No resource exists at /echo");
    }

    @Test
    void probesMayUseHeadAndA405NamesTheAllowedMethods() {
        assertThat(management.send("HEAD", "/health/ready", null).statusCode()).isEqualTo(200);
        final var post = management.send("POST", "/health/ready", "");
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("Allow")).hasValue("GET, HEAD");
    }

    @Test
    void detailsAreShownOnTheManagementPort() {
        assertThat(management.get("/health").body())
                .startsWith("{\"status\":\"UP\",\"checks\":[{\"name\":\"database\",\"status\":\"UP\",\"data\":{")
                .contains("\"host\":\"db.internal:5432\"", "\"version\":\"17.2\"");
    }

    @Test
    void withoutAManagementPortHealthHidesDetails() {
        final JZenith plain = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(Echo.class))
                .withModules(reporting(Map.of("host", "db.internal")))
                .start();
        try {
            final RestServer server = plain.instance(RestServer.class);
            assertThat(server.managementPort()).isEmpty();
            assertThat(new Http(server.port()).get("/health").body())
                    .isEqualTo("{\"status\":\"UP\",\"checks\":[{\"name\":\"database\",\"status\":\"UP\"}]}");
        } finally {
            plain.stop();
        }
    }
}
