package org.jzenith.openapi.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.IntSupplier;
import org.jzenith.rest.RouteContributor;
import org.jzenith.rest.RouteSupport;
import org.jzenith.rest.spi.Endpoint;

/**
 * {@code GET /openapi.json} and {@code /openapi.yaml}, the OpenAPI 3.1 document of the resources,
 * and {@code /swagger-ui/} showing it, from the {@code org.webjars:swagger-ui} jar when the
 * application has it and Swagger UI is wanted (without either, there is no such route). Operators'
 * routes: on {@code management.port} when one is set.
 *
 * <p>The document is made on the first request for it, off the event loop, and kept: start-up does
 * not pay for the reflection it needs, and later requests write the same bytes.
 */
public final class OpenApiRoutes implements RouteContributor {

    private static final CharSequence JSON = HttpHeaders.createOptimized("application/json");
    private static final CharSequence YAML = HttpHeaders.createOptimized("application/yaml");
    private static final Map<String, String> CONTENT_TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "png", "image/png",
            "map", "application/json");

    /**
     * Swagger UI's own start script names a demo document; this one names ours, relative to the
     * page so that it works behind a proxy that serves the service under a path.
     */
    private static final String INITIALIZER = """
            window.onload = function () {
              window.ui = SwaggerUIBundle({
                url: "../openapi.json",
                dom_id: "#swagger-ui",
                deepLinking: true,
                presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
                plugins: [SwaggerUIBundle.plugins.DownloadUrl],
                layout: "StandaloneLayout"
              });
            };
            """;

    private final Function<ObjectMapper, ObjectNode> document;
    /** Where the API is, for a document served on the management port: its scheme and port. */
    private final String apiScheme;

    private final IntSupplier apiPort;
    private final AtomicReference<Future<Documents>> made = new AtomicReference<>();
    private final Optional<SwaggerUi> swaggerUi;

    /** The two forms of the document, written once. */
    private record Documents(Buffer json, Buffer yaml) {}

    private OpenApiRoutes(
            final Function<ObjectMapper, ObjectNode> document,
            final Optional<SwaggerUi> swaggerUi,
            final String apiScheme,
            final IntSupplier apiPort) {
        this.document = document;
        this.swaggerUi = swaggerUi;
        this.apiScheme = apiScheme;
        this.apiPort = apiPort;
    }

    /**
     * The routes of the document that {@code info}, {@code endpoints}, {@code mappedStatuses} and the
     * authenticators' {@code schemes} make with the plugin's JSON mapper (see {@link
     * OpenApiDocument#create}); with Swagger UI when {@code swaggerUi} and the application has its
     * webjar.
     */
    public static OpenApiRoutes of(
            final OpenApiDocument.Info info,
            final List<Endpoint> endpoints,
            final Set<Integer> mappedStatuses,
            final List<String> schemes,
            final boolean swaggerUi,
            final String apiScheme,
            final IntSupplier apiPort) {
        final Set<Integer> statuses = Set.copyOf(mappedStatuses);
        final List<String> schemeList = List.copyOf(schemes);
        final List<Endpoint> served = List.copyOf(endpoints);
        return new OpenApiRoutes(
                mapper -> OpenApiDocument.create(info, served, statuses, schemeList, mapper),
                swaggerUi ? SwaggerUi.on(OpenApiRoutes.class.getClassLoader()) : Optional.empty(),
                apiScheme,
                apiPort);
    }

    /** Whether {@code loader} sees the {@code org.webjars:swagger-ui} jar Swagger UI is served from. */
    public static boolean hasSwaggerUi(final ClassLoader loader) {
        return SwaggerUi.on(loader).isPresent();
    }

    @Override
    public boolean management() {
        return true;
    }

    @Override
    public void addRoutes(final Router router, final RouteSupport support) {
        router.get("/openapi.json").handler(support.timed("GET", "/openapi.json", routing -> documents(routing, support)
                .onSuccess(documents -> write(routing, support, JSON, documents.json()))));
        router.get("/openapi.yaml").handler(support.timed("GET", "/openapi.yaml", routing -> documents(routing, support)
                .onSuccess(documents -> write(routing, support, YAML, documents.yaml()))));
        swaggerUi.ifPresent(files -> addSwaggerUi(router, support, files));
    }

    private static void addSwaggerUi(final Router router, final RouteSupport support, final SwaggerUi files) {
        // Swagger UI's names are short: a longer one is the router's 404 without a look.
        router.getWithRegex("/swagger-ui/([A-Za-z0-9._-]{0,64})")
                .handler(support.timed("GET", "/swagger-ui/{file}", routing -> swaggerUi(routing, support, files)));
        // After the files: Vert.x matches "/swagger-ui" to "/swagger-ui/" as well.
        router.get("/swagger-ui").handler(support.timed("GET", "/swagger-ui", routing -> {
            support.addHeaders(routing.response());
            routing.response()
                    .setStatusCode(301)
                    .putHeader(HttpHeaders.LOCATION, "/swagger-ui/")
                    .end();
        }));
    }

    /** The document, made by the first request that asks for it; a failure is a 500 and is tried again next time. */
    private Future<Documents> documents(final RoutingContext routing, final RouteSupport support) {
        Future<Documents> current = made.get();
        if (current == null) {
            final Promise<Documents> promise = Promise.promise();
            if (made.compareAndSet(null, promise.future())) {
                routing.vertx()
                        .executeBlocking(() -> make(support.json(), support.onManagementPort()), false)
                        .onComplete(outcome -> {
                            if (outcome.failed()) {
                                made.set(null);
                            }
                            promise.handle(outcome);
                        });
            }
            current = made.get();
            if (current == null) {
                current = promise.future();
            }
        }
        return current.onFailure(routing::fail);
    }

    private Documents make(final ObjectMapper mapper, final boolean onManagementPort) throws JsonProcessingException {
        final ObjectNode tree = document.apply(mapper);
        if (onManagementPort) {
            servers(tree);
        }
        return new Documents(
                Buffer.buffer(mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(tree)),
                Buffer.buffer(Yaml.write(tree).getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * A document read from the management port says where the API is: Swagger UI's "Try it out"
     * would otherwise call the port it was loaded from. The host is a variable (the name the API is
     * reached by is not the server's to know), {@code localhost} until the reader sets it.
     */
    private void servers(final ObjectNode tree) {
        final ObjectNode server = tree.putArray("servers").addObject();
        server.put("url", apiScheme + "://{host}:" + apiPort.getAsInt());
        server.put("description", "The API; this document is served on the management port");
        server.putObject("variables").putObject("host").put("default", "localhost");
    }

    private static void write(
            final RoutingContext routing, final RouteSupport support, final CharSequence type, final Buffer body) {
        support.addHeaders(routing.response());
        routing.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, type)
                // The document changes with a new version of the service only.
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-cache")
                .end(body);
    }

    private static void swaggerUi(final RoutingContext routing, final RouteSupport support, final SwaggerUi files) {
        final String name = routing.pathParam("param0").isEmpty() ? "index.html" : routing.pathParam("param0");
        if (name.equals("swagger-initializer.js")) {
            file(routing, support, name, Buffer.buffer(INITIALIZER));
            return;
        }
        files.file(routing.vertx(), name)
                .ifPresentOrElse(
                        read -> read.onComplete(outcome -> {
                            if (outcome.failed()) {
                                routing.fail(outcome.cause());
                            } else {
                                file(routing, support, name, outcome.result());
                            }
                        }),
                        // The name is not echoed: it is the client's, up to the path's length.
                        () -> support.problem(routing, 404, "Swagger UI has no such file"));
    }

    private static void file(
            final RoutingContext routing, final RouteSupport support, final String name, final Buffer body) {
        final String extension = name.substring(name.lastIndexOf('.') + 1);
        support.addHeaders(routing.response());
        routing.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, CONTENT_TYPES.getOrDefault(extension, "application/octet-stream"))
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-cache")
                .end(body);
    }

    /** How many of Swagger UI's files are kept in memory: none without Swagger UI. */
    int swaggerUiFilesKept() {
        return swaggerUi.map(SwaggerUi::kept).orElse(0);
    }
}
