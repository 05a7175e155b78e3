package org.jzenith.examples.hello;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestServer;

class HelloApplicationIT {

    private static JZenith app;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        app = HelloApplication.application("--rest.port=0").start();
    }

    @AfterAll
    static void stop() {
        app.stop();
    }

    @Test
    void greetsByName() throws Exception {
        assertThat(get("/hello?name=World").body()).isEqualTo("{\"message\":\"Hello, World!\"}");
        assertThat(get("/hello").body()).isEqualTo("{\"message\":\"Hello, World!\"}");
        assertThat(get("/hello?name=jZenith").body()).isEqualTo("{\"message\":\"Hello, jZenith!\"}");
    }

    @Test
    void aTooLongNameIsABadRequest() throws Exception {
        final HttpResponse<String> response = get("/hello?name=" + "x".repeat(101));
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("\"field\":\"name\"");
    }

    private static HttpResponse<String> get(final String path) throws Exception {
        final int port = app.instance(RestServer.class).port();
        return CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
