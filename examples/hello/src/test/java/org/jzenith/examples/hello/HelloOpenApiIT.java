package org.jzenith.examples.hello;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestServer;

/** The hello service's OpenAPI document is valid and describes GET /hello; Swagger UI is served. */
class HelloOpenApiIT {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private static JZenith app;

    @BeforeAll
    static void start() {
        app = HelloApplication.application("--rest.port=0").start();
    }

    @AfterAll
    static void stop() {
        app.stop();
    }

    @Test
    void theDocumentIsValidAndDescribesHello() throws Exception {
        final String json = get("/openapi.json").body();
        final ParseOptions options = new ParseOptions();
        options.setResolve(true);
        final SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(json, null, options);
        assertThat(parsed.getMessages()).isEmpty();
        assertThat(parsed.getOpenAPI().getPaths()).containsOnlyKeys("/hello");
        final JsonNode document = new ObjectMapper().readTree(json);
        assertThat(document.at("/paths/~1hello/get/parameters/0").toString())
                .isEqualTo("{\"name\":\"name\",\"in\":\"query\",\"required\":false,\"schema\":"
                        + "{\"type\":\"string\",\"minLength\":1,\"maxLength\":100,\"default\":\"World\"}}");
        assertThat(document.at("/paths/~1hello/get/responses/200/content/application~1json/schema/$ref")
                        .asText())
                .isEqualTo("#/components/schemas/Greeting");
        assertThat(document.at("/paths/~1hello/get/responses/400/content/application~1problem+json")
                        .isObject())
                .isTrue();
        assertThat(document.at("/components/schemas/Greeting/properties/message/type")
                        .asText())
                .isEqualTo("string");
        final SwaggerParseResult yaml =
                new OpenAPIV3Parser().readContents(get("/openapi.yaml").body(), null, options);
        assertThat(yaml.getMessages()).isEmpty();
        assertThat(yaml.getOpenAPI()).isEqualTo(parsed.getOpenAPI());
    }

    @Test
    void swaggerUiIsServed() throws Exception {
        final HttpResponse<String> page = get("/swagger-ui/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("swagger-ui-bundle.js");
    }

    private static HttpResponse<String> get(final String path) throws Exception {
        final int port = app.instance(RestServer.class).port();
        return CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
