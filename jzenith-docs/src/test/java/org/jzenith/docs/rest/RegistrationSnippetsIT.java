package org.jzenith.docs.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.docs.rest.application.ShopApplication;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;

/**
 * The docs' ways of registering resources, providers and adapters start and serve: a registration
 * that compiles can still fail start-up (a provider of a kind jZenith refuses, say).
 */
class RegistrationSnippetsIT {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @Test
    void aReactiveAdapterMakesAnotherLibrarysTypeAnswer() throws Exception {
        assertThat(get(RestPlugins.adapters("--rest.port=0"), "/quotes").body())
                .isEqualTo("Simplicity is prerequisite for reliability.");
    }

    @Test
    void providersRegisteredByNameAnswer() throws Exception {
        final HttpResponse<String> response = get(RestPlugins.providers("--rest.port=0"), "/books/1");
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.body()).isEqualTo("There is no book 1");
    }

    @Test
    void mappingsAreAccepted() throws Exception {
        assertThat(get(RestPlugins.mappings("--rest.port=0"), "/things/negotiated")
                        .statusCode())
                .isEqualTo(200);
    }

    @Test
    void anExistingApplicationIsServedUnderItsPath() throws Exception {
        final JZenith app = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withApplication(ShopApplication.class))
                .start();
        try {
            assertThat(send(app, "/api/orders/1").statusCode()).isEqualTo(200);
            assertThat(send(app, "/api/orders/2").body()).isEqualTo("There is no order 2");
        } finally {
            app.stop();
        }
    }

    /** Starts the application, sends one GET and stops it again. */
    private static HttpResponse<String> get(final JZenith application, final String path) throws Exception {
        final JZenith app = application.start();
        try {
            return send(app, path);
        } finally {
            app.stop();
        }
    }

    private static HttpResponse<String> send(final JZenith app, final String path) throws Exception {
        final int port = app.instance(RestServer.class).port();
        return CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
