package org.jzenith.rest.it.http;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

/** A client for one scheme and port, trusting one certificate, that sends any headers and reads bytes. */
final class Https {

    private final HttpClient client;
    private final String base;

    private Https(final HttpClient client, final String base) {
        this.client = client;
        this.base = base;
    }

    /** HTTPS to localhost:{@code port}, trusting {@code certificate}, offering HTTP/2. */
    static Https to(final int port, final Path certificate) {
        return new Https(
                HttpClient.newBuilder()
                        .sslContext(Certificates.trusting(certificate))
                        .version(HttpClient.Version.HTTP_2)
                        .followRedirects(HttpClient.Redirect.NEVER)
                        .connectTimeout(Duration.ofSeconds(5))
                        .build(),
                "https://localhost:" + port);
    }

    /** Plain HTTP to 127.0.0.1:{@code port} in {@code version} (HTTP/2 asks for an h2c upgrade). */
    static Https plain(final int port, final HttpClient.Version version) {
        return new Https(
                HttpClient.newBuilder()
                        .version(version)
                        .followRedirects(HttpClient.Redirect.NEVER)
                        .connectTimeout(Duration.ofSeconds(5))
                        .build(),
                "http://127.0.0.1:" + port);
    }

    HttpResponse<byte[]> send(final String method, final String path, final String... headers) {
        final HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(10))
                .method(method, HttpRequest.BodyPublishers.noBody());
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        try {
            return client.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (final IOException e) {
            throw new IllegalStateException(e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    HttpResponse<byte[]> get(final String path, final String... headers) {
        return send("GET", path, headers);
    }
}
