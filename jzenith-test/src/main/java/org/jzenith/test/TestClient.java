package org.jzenith.test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * A real HTTP client bound to the base URL of the application under test. Bodies given as objects
 * are sent as JSON; strings are sent as they are.
 *
 * <pre>{@code
 * TestResponse created = client.post("/users", Map.of("name", "Ada"));
 * TestResponse page = client.get("/users?limit=10");
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class TestClient {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient http;
    private final URI base;
    private final ObjectMapper mapper;

    TestClient(final URI base, final ObjectMapper mapper) {
        this.http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        this.base = base;
        this.mapper = mapper;
    }

    /** The base URL, such as {@code http://127.0.0.1:41234}. */
    public URI baseUri() {
        return base;
    }

    public TestResponse get(final String path, final String... headers) {
        return send("GET", path, Optional.empty(), headers);
    }

    public TestResponse post(final String path, final Object body, final String... headers) {
        return send("POST", path, Optional.of(body), headers);
    }

    public TestResponse put(final String path, final Object body, final String... headers) {
        return send("PUT", path, Optional.of(body), headers);
    }

    public TestResponse delete(final String path, final String... headers) {
        return send("DELETE", path, Optional.empty(), headers);
    }

    /**
     * Sends any request. {@code headers} are name, value pairs; a JSON content type is added for
     * an object body unless given.
     */
    public TestResponse send(
            final String method, final String path, final Optional<Object> body, final String... headers) {
        if (headers.length % 2 != 0) {
            throw new IllegalArgumentException("headers are name, value pairs");
        }
        final HttpRequest.Builder request =
                HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT);
        boolean contentType = false;
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
            contentType |= headers[i].equalsIgnoreCase("Content-Type");
        }
        if (body.isPresent() && !contentType && !(body.get() instanceof String)) {
            request.header("Content-Type", "application/json");
        }
        request.method(method, body.map(this::publisher).orElse(HttpRequest.BodyPublishers.noBody()));
        try {
            final HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new TestResponse(response.statusCode(), response.headers().map(), response.body(), mapper);
        } catch (final IOException e) {
            throw new IllegalStateException(method + " " + path + " failed: " + e, e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(method + " " + path + " was interrupted", e);
        }
    }

    private HttpRequest.BodyPublisher publisher(final Object body) {
        if (body instanceof String text) {
            return HttpRequest.BodyPublishers.ofString(text);
        }
        try {
            return HttpRequest.BodyPublishers.ofByteArray(mapper.writeValueAsBytes(body));
        } catch (final JsonProcessingException e) {
            throw new IllegalArgumentException("The body cannot be written as JSON: " + e.getOriginalMessage(), e);
        }
    }
}
