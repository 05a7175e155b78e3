package org.jzenith.rest.internal.context;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.core.net.HostAndPort;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * A real Vert.x Web server whose one route reports, as JSON, what the {@code @Context} objects built from the real
 * {@link RoutingContext} returned, so that tests exercise them against requests as Vert.x really parses them.
 */
final class ContextTestServer implements AutoCloseable {

    private static final long TIMEOUT_SECONDS = 10;

    private final Vertx vertx;
    private final HttpClient client;
    private final int port;

    private ContextTestServer(final Vertx vertx, final HttpClient client, final int port) {
        this.vertx = vertx;
        this.client = client;
        this.port = port;
    }

    static ContextTestServer start(final String route, final Function<RoutingContext, JsonObject> report)
            throws Exception {
        final Vertx vertx = Vertx.vertx();
        final Router router = Router.router(vertx);
        // Vert.x Web pauses requests; without consuming bodies a kept-alive connection would stall on the next request.
        router.route().handler(BodyHandler.create());
        router.route(route).handler(context -> {
            try {
                context.response()
                        .putHeader("Content-Type", "application/json")
                        .end(report.apply(context).encode());
            } catch (final RuntimeException | Error e) {
                // surface handler failures in the test's assertion message rather than as a bare 500
                final StringWriter trace = new StringWriter();
                e.printStackTrace(new PrintWriter(trace));
                context.response().setStatusCode(500).end(trace.toString());
            }
        });
        final HttpServer server =
                vertx.createHttpServer().requestHandler(router).listen(0).await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        return new ContextTestServer(vertx, vertx.createHttpClient(), server.actualPort());
    }

    int port() {
        return port;
    }

    JsonObject get(final String uri) throws Exception {
        return send(HttpMethod.GET, uri, Map.of(), null, null);
    }

    /**
     * @param headers header name to values, each value sent as its own header line
     * @param authority the Host to send, or {@code null} for {@code localhost:port}
     * @param body the request body, or {@code null} for none
     */
    JsonObject send(
            final HttpMethod method,
            final String uri,
            final Map<String, ? extends Iterable<String>> headers,
            final HostAndPort authority,
            final String body)
            throws Exception {
        final RequestOptions options = new RequestOptions()
                .setMethod(method)
                .setHost("localhost")
                .setPort(port)
                .setURI(uri);
        final Buffer response = client.request(options)
                .compose(request -> {
                    headers.forEach((name, values) ->
                            values.forEach(value -> request.headers().add(name, value)));
                    if (authority != null) {
                        request.authority(authority);
                    }
                    // Read the body in the callback of send itself: a hop to another callback could let the
                    // response end before a body handler is set, and the await would then never return.
                    return (body == null ? request.send() : request.send(body))
                            .compose(answer -> answer.body().map(content -> {
                                if (answer.statusCode() != 200) {
                                    throw new IllegalStateException("handler failed: " + content);
                                }
                                return content;
                            }));
                })
                .await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        return response.toJsonObject();
    }

    @Override
    public void close() throws TimeoutException {
        try {
            client.close().await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } finally {
            vertx.close().await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }
    }
}
