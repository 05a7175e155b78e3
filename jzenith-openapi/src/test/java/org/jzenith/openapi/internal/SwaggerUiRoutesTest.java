package org.jzenith.openapi.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RouteSupport;

/**
 * {@code /swagger-ui/{file}} keeps only the files of the webjar: names a client makes up are 404s
 * that leave nothing behind, so that they cannot grow the heap.
 */
class SwaggerUiRoutesTest {

    private final Vertx vertx = Vertx.vertx();
    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @AfterEach
    void close() {
        vertx.close().await();
    }

    @Test
    void manyMadeUpNamesAre404sAndKeepNothing() throws Exception {
        final OpenApiRoutes routes = routes(true);
        final int port = serve(routes);

        for (int i = 0; i < 500; i++) {
            final String name = "missing-" + i + "-" + "x".repeat(200) + ".js";
            assertThat(get(port, "/swagger-ui/" + name).statusCode()).isEqualTo(404);
        }

        assertThat(routes.swaggerUiFilesKept()).isLessThanOrEqualTo(SwaggerUi.FILES.size());
        assertThat(get(port, "/swagger-ui/swagger-ui-bundle.js").statusCode()).isEqualTo(200);
        assertThat(routes.swaggerUiFilesKept()).isLessThanOrEqualTo(SwaggerUi.FILES.size());
    }

    @Test
    void aNameLongerThanAnyOfSwaggerUisIsTheRoutersOwn404() throws Exception {
        final int port = serve(routes(true));

        assertThat(get(port, "/swagger-ui/" + "a".repeat(4_000)).statusCode()).isEqualTo(404);
    }

    @Test
    void withoutTheWebjarThereIsNoSwaggerUiAndNothingIsKept() throws Exception {
        final OpenApiRoutes routes = routes(false);
        final int port = serve(routes);

        assertThat(get(port, "/swagger-ui/").statusCode()).isEqualTo(404);
        assertThat(get(port, "/swagger-ui").statusCode()).isEqualTo(404);
        assertThat(get(port, "/openapi.json").statusCode()).isEqualTo(200);
        assertThat(routes.swaggerUiFilesKept()).isZero();
        try (URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
            assertThat(SwaggerUi.on(empty)).isEmpty();
        }
    }

    private static OpenApiRoutes routes(final boolean swaggerUi) {
        return OpenApiRoutes.of(
                new OpenApiDocument.Info("Test", "1.0", Optional.empty()),
                List.of(),
                Set.of(),
                List.of(),
                swaggerUi,
                "http",
                () -> 0);
    }

    private int serve(final OpenApiRoutes routes) {
        final Router router = Router.router(vertx);
        routes.addRoutes(router, new PlainSupport());
        final HttpServer server = vertx.createHttpServer()
                .requestHandler(router)
                .listen(0, "127.0.0.1")
                .await();
        return server.actualPort();
    }

    private HttpResponse<String> get(final int port, final String path) throws IOException, InterruptedException {
        return client.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .timeout(Duration.ofSeconds(10))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** What the REST plugin gives a route contributor, without its metrics and headers. */
    private static final class PlainSupport implements RouteSupport {

        private final ObjectMapper json = new ObjectMapper();

        @Override
        public ObjectMapper json() {
            return json;
        }

        @Override
        public void addHeaders(final HttpServerResponse response) {}

        @Override
        public void problem(final RoutingContext routing, final int status, final String detail) {
            routing.response().setStatusCode(status).end(detail);
        }

        @Override
        public Handler<RoutingContext> timed(
                final String method, final String template, final Handler<RoutingContext> handler) {
            return handler;
        }

        @Override
        public boolean onManagementPort() {
            return false;
        }
    }
}
