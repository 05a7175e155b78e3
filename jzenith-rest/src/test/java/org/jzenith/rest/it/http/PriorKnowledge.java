package org.jzenith.rest.it.http;

import io.vertx.core.Vertx;
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
        try {
            return vertx.createHttpClient(new HttpClientOptions()
                            .setProtocolVersion(HttpVersion.HTTP_2)
                            .setHttp2ClearTextUpgrade(false))
                    .request(new RequestOptions()
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
            vertx.close();
        }
    }
}
