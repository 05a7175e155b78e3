package org.jzenith.rest.it.startup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.AbstractModule;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.RouteContributor;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.ThingResource;

/** What the REST plugin checks before anything starts, the order it starts in, and contributed routes. */
class StartupChecksIT {

    private final List<String> journal = new CopyOnWriteArrayList<>();

    @Test
    void badSettingsAndBadResourcesAreReportedTogetherBeforeAStoreStarts() {
        final JZenith app = JZenith.application("--rest.port=99999", "--rest.max-body-size=-5", "--rest.instances=0")
                .withPlugins(
                        RestPlugin.withResources(NoPathResource.class, RoutingContextOnVirtualThreadResource.class)
                                .withMapping(IllegalStateException.class, 200),
                        new StoreLikePlugin(journal));

        assertThatThrownBy(app::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("The configuration has 6 problems:")
                .hasMessageContaining("rest.instances (command line): \"0\" is not valid: expected 1 to 1024")
                .hasMessageContaining("rest.max-body-size (command line): \"-5\" is not valid: expected at least 1")
                .hasMessageContaining(
                        "rest.port (command line): \"99999\" is not valid: expected 0 to 65535 (0 picks a free port)")
                .hasMessageContaining("NoPathResource (RestPlugin.withResources): " + NoPathResource.class.getName()
                        + " is named in RestPlugin.withResources(...) but has no @Path")
                .hasMessageContaining(
                        "RoutingContextOnVirtualThreadResource.get (RestPlugin.withResources): parameter 1:"
                                + " @Context RoutingContext can only be used on the event loop")
                .hasMessageContaining("IllegalStateException (RestPlugin.withMapping): maps to 200");
        assertThat(journal).as("the store never started").isEmpty();
    }

    @Test
    void theServerStartsAfterTheStoresAndStopsBeforeThemWhateverTheOrderGiven() {
        final JZenith app = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(ThingResource.class), new StoreLikePlugin(journal))
                .start();
        journal.add("serving on " + (app.instance(RestServer.class).port() > 0));
        app.stop();

        assertThat(journal).containsExactly("store started", "serving on true", "store stopped");
    }

    @Test
    void aContributedRouteAnswersBesideTheResourcesAndIsTimed() {
        final JZenith app = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(ThingResource.class))
                .withModules(new AbstractModule() {
                    @Override
                    protected void configure() {
                        RouteContributor.bind(binder()).to(VersionRoutes.class);
                    }
                })
                .start();
        try {
            final Http http = new Http(app.instance(RestServer.class).port());

            final HttpResponse<String> version = http.get("/version");
            assertThat(version.statusCode()).isEqualTo(200);
            assertThat(version.body()).isEqualTo("1.4.2");
            assertThat(version.headers().firstValue("Server")).contains("jZenith");
            final HttpResponse<String> broken = http.get("/version/broken");
            assertThat(broken.statusCode()).isEqualTo(503);
            assertThat(broken.body()).contains("No version today");
            assertThat(http.get("/metrics").body())
                    .contains("http_server_requests_seconds_count{method=\"GET\",status=\"200\",uri=\"/version\"}");
        } finally {
            app.stop();
        }
    }

    @Test
    void aContributedRouteIsTimedOnceWhenTheConnectionClosesAfterItsResponse() throws Exception {
        final JZenith app = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(ThingResource.class))
                .withModules(new AbstractModule() {
                    @Override
                    protected void configure() {
                        RouteContributor.bind(binder()).to(VersionRoutes.class);
                    }
                })
                .start();
        try {
            final int port = app.instance(RestServer.class).port();
            // The response ends, then the server closes the connection: both report the end.
            try (Socket socket = new Socket("127.0.0.1", port)) {
                socket.getOutputStream()
                        .write("GET /version HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                final String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
                assertThat(response).startsWith("HTTP/1.1 200").endsWith("1.4.2");
            }

            assertThat(new Http(port).get("/metrics").body())
                    .contains("http_server_requests_seconds_count{method=\"GET\",status=\"200\",uri=\"/version\"} 1\n");
        } finally {
            app.stop();
        }
    }
}
