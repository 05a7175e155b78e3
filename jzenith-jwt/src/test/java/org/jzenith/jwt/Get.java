package org.jzenith.jwt;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestServer;

/** A GET to an application a test started itself. */
final class Get {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private Get() {}

    static HttpResponse<String> from(final JZenith app, final String path, final String... headers) {
        final HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(
                        "http://127.0.0.1:" + app.instance(RestServer.class).port() + path))
                .timeout(Duration.ofSeconds(10));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        try {
            return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (final IOException e) {
            throw new IllegalStateException(e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
