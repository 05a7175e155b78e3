package org.jzenith.rest.it.management;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.hardening.Echo;

/**
 * {@code /health/started}, for a startup probe: 503 while a plugin that starts after the server is
 * still starting (readiness too), 200 once every plugin has; on the management port when there is
 * one.
 */
class StartedProbeIT {

    @Test
    void startedAndReadyAnswer503UntilEveryPluginHasStartedThen200() {
        assertProbes("--rest.port=0");
    }

    @Test
    void theStartedProbeIsOnTheManagementPortWhenThereIsOne() {
        assertProbes("--rest.port=0", "--management.port=0");
    }

    private static void assertProbes(final String... args) {
        final List<String> whileStarting = new CopyOnWriteArrayList<>();
        final JZenith app = JZenith.application(args)
                .withPlugins(RestPlugin.withResources(Echo.class), new Plugin() {
                    @Override
                    public String name() {
                        return "slow-start";
                    }

                    @Override
                    public Phase phase() {
                        return Phase.SERVE; // after the server: its probes answer while this starts
                    }

                    @Override
                    public Future<Void> start(final PluginContext context) {
                        final Http probes = probes(context.instance(RestServer.class));
                        final Promise<Void> started = Promise.promise();
                        // Off the starting thread, which start() must not block.
                        Thread.ofVirtual().start(() -> {
                            whileStarting.add(describe(probes.get("/health/started")));
                            whileStarting.add(describe(probes.get("/health/ready")));
                            whileStarting.add(describe(probes.get("/health/live")));
                            started.complete();
                        });
                        return started.future();
                    }
                })
                .start();
        try {
            final Http probes = probes(app.instance(RestServer.class));

            assertThat(whileStarting)
                    .containsExactly("503 lifecycle DOWN", "503 lifecycle DOWN", "200 {\"status\":\"UP\"}");
            assertThat(describe(probes.get("/health/started"))).isEqualTo("200 {\"status\":\"UP\"}");
            assertThat(describe(probes.get("/health/ready"))).isEqualTo("200 {\"status\":\"UP\"}");
        } finally {
            app.stop();
        }
    }

    private static Http probes(final RestServer server) {
        return new Http(server.managementPort().orElse(server.port()));
    }

    /** The status, and the body unless it names the lifecycle as DOWN (shown with its reason or without). */
    private static String describe(final HttpResponse<String> response) {
        final String body = response.body();
        return response.statusCode() + " "
                + (body.startsWith("{\"status\":\"DOWN\",\"checks\":[{\"name\":\"lifecycle\",\"status\":\"DOWN\"")
                        ? "lifecycle DOWN"
                        : body);
    }
}
