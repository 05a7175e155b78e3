package org.jzenith.rest.it.http;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import java.util.concurrent.TimeUnit;

/** HTTP/2 with prior knowledge (no upgrade) through Vert.x's client: what a mesh sidecar speaks. */
final class PriorKnowledge {

    private PriorKnowledge() {}

    /** The version and status of a GET of {@code path}, such as {@code HTTP_2 200}. */
    static String version(final int port, final String path) {
        final Vertx vertx = Vertx.vertx();
        // Held in a variable and closed at the end: Vert.x closes a client nothing refers to any more
        // (a Cleaner), and a collection during the request failed it with "Pool closed" now and then.
        final HttpClient client = vertx.createHttpClient(
                new HttpClientOptions().setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false));
        try {
            return client.request(new RequestOptions()
                            .setMethod(HttpMethod.GET)
                            .setHost("127.0.0.1")
                            .setPort(port)
                            .setURI(path))
                    .compose(request -> request.send())
                    .map(response -> response.version() + " " + response.statusCode())
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS);
        } catch (final Exception e) {
            throw new IllegalStateException(e);
        } finally {
            client.close();
            vertx.close();
        }
    }
}
