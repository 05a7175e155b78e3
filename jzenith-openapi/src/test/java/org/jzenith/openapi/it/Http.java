package org.jzenith.openapi.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A real HTTP client bound to the base URL of the application under test. */
final class Http {

    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    public Http(final int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    public HttpResponse<String> get(final String path, final String... headers) {
        return send(request(path, headers).GET().build());
    }

    public HttpResponse<String> send(
            final String method, final String path, final String body, final String... headers) {
        return send(request(path, headers)
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build());
    }

    HttpRequest.Builder request(final String path, final String... headers) {
        final HttpRequest.Builder builder =
                HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(10));
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        return builder;
    }

    HttpResponse<String> send(final HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (final IOException e) {
            throw new IllegalStateException(e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
