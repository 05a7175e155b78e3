package org.jzenith.docs.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.docs.readme.HealthModule;
import org.jzenith.docs.rest.routes.VersionModule;
import org.jzenith.docs.users.ServiceLayerModule;
import org.jzenith.docs.users.UserResource;
import org.jzenith.rest.RestPlugin;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestClient;
import org.jzenith.test.TestResponse;

/**
 * What the docs' snippets say in comments is what they do: a snippet that compiles can still teach
 * a wrong answer, so the answers the docs name are checked here.
 */
class RestSnippetsIT {

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(args -> JZenith.application(args)
            .withPlugins(RestPlugin.withResources(
                    UserResource.class,
                    ThingResource.class,
                    ParametersResource.class,
                    ValidatedThingResource.class,
                    GreetingResource.class))
            .withModules(new ServiceLayerModule(), new HealthModule(), new VersionModule()));

    @Test
    void anEmptyOptionalIs404(final TestClient client) {
        assertThat(client.get("/users/" + UUID.randomUUID()).status()).isEqualTo(404);
    }

    @Test
    void aServiceParameterViolationIs400NamingTheParameter(final TestClient client) {
        final TestResponse response = client.get("/greeting?name=");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().path("violations").get(0).path("field").asText())
                .isEqualTo("name");
        assertThat(client.get("/greeting?name=Ada").body()).isEqualTo("Hello, Ada");
    }

    @Test
    void createdAnswers201WithLocation(final TestClient client) {
        final TestResponse response = client.post("/things", Map.of("name", "lamp"));
        assertThat(response.status()).isEqualTo(201);
        assertThat(response.header("Location").orElseThrow())
                .endsWith("/things/" + response.json().path("id").asText());
    }

    @Test
    void textPlainIsNegotiatedWithCharset(final TestClient client) {
        final TestResponse response = client.get("/things/negotiated", "Accept", "text/plain");
        assertThat(response.header("Content-Type").orElseThrow()).isEqualTo("text/plain;charset=utf-8");
        assertThat(response.body()).isEqualTo("Hello");
    }

    @Test
    void constraintsOnParametersAndBodiesAre400(final TestClient client) {
        assertThat(client.get("/validated?limit=0").status()).isEqualTo(400);
        assertThat(client.get("/validated?limit=100").status()).isEqualTo(200);
        assertThat(client.post("/validated", Map.of("name", " ")).status()).isEqualTo(400);
        assertThat(client.post("/validated", Map.of("name", "lamp")).status()).isEqualTo(201);
    }

    @Test
    void parametersAndBeanParamsAreBound(final TestClient client) {
        assertThat(client.get("/parameters?tag=a&tag=b&sort=DESC&q=x", "X-Tenant", "acme")
                        .status())
                .isEqualTo(200);
        assertThat(client.get("/parameters?sort=UP").status()).isEqualTo(400);
        final TestResponse page = client.get("/parameters/page?limit=5", "X-Tenant", "acme");
        assertThat(page.json().path("offset").asInt()).isZero();
        assertThat(page.json().path("limit").asInt()).isEqualTo(5);
        assertThat(page.json().path("tenant").asText()).isEqualTo("acme");
        final TestResponse form = client.send(
                "POST",
                "/parameters/form",
                Optional.of("name=lamp&count=2"),
                "Content-Type",
                "application/x-www-form-urlencoded");
        assertThat(form.body()).isEqualTo("2 x lamp");
    }

    @Test
    void aRouteContributorAndAHealthCheckFromGuiceModules(final TestClient client) {
        assertThat(client.get("/version").body()).isEqualTo("1.4.2");
        assertThat(client.get("/health").body()).contains("\"name\":\"database\"");
    }
}
