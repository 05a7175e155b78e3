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
import org.jzenith.core.JZenith;

/**
 * A real HTTP client bound to the base URL of the application under test. Bodies given as objects
 * are sent as JSON; strings are sent as they are.
 *
 * <pre>{@code
 * TestResponse created = client.post("/users", Map.of("name", "Ada"));
 * TestResponse page = client.get("/users?limit=10");
 * }</pre>
 *
 * <p>{@link JZenithExtension} hands one to tests; a test that starts its application itself (to
 * start several, or to watch start-up fail) makes its own:
 *
 * <pre>{@code
 * JZenith app = JZenith.application("--rest.port=0").withPlugins(RestPlugin.withResources(UserResource.class)).start();
 * assertThat(TestClient.of(app).get("/users").status()).isEqualTo(200);
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class TestClient {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient http;
    private final URI base;
    private final ObjectMapper mapper;

    private TestClient(final URI base, final ObjectMapper mapper) {
        this.http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        this.base = base;
        this.mapper = mapper;
    }

    /**
     * A client bound to the REST port of {@code app}, a running application.
     *
     * @throws IllegalStateException when the application has no REST plugin
     */
    public static TestClient of(final JZenith app) {
        final int port = RestSupport.port(app)
                .orElseThrow(() -> new IllegalStateException("The application under test has no REST plugin"
                        + " (org.jzenith.rest.RestPlugin), so there is no HTTP port to hand a TestClient for;"
                        + " take the JZenith parameter and use its injector instead"));
        return on(port);
    }

    /**
     * A client bound to the management port of {@code app} ({@code management.port}), where {@code
     * /health} and {@code /metrics} answer when one is set.
     *
     * @throws IllegalStateException when the application has no management port
     */
    public static TestClient ofManagement(final JZenith app) {
        final int port = RestSupport.managementPort(app)
                .orElseThrow(() -> new IllegalStateException("The application under test has no management"
                        + " port; set management.port (0 picks a free one) to serve /health and /metrics there"));
        return on(port);
    }

    private static TestClient on(final int port) {
        return new TestClient(URI.create("http://127.0.0.1:" + port), new ObjectMapper());
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
