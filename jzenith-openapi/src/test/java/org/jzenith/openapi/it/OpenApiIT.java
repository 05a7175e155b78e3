package org.jzenith.openapi.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.AnnotatedClass;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import com.fasterxml.jackson.databind.introspect.VisibilityChecker;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.google.inject.AbstractModule;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import jakarta.ws.rs.ext.ContextResolver;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.openapi.OpenApiPlugin;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.security.Authenticator;
import org.jzenith.test.TestClient;
import org.jzenith.test.TestResponse;

/**
 * {@code /openapi.json} and {@code /openapi.yaml} describe the resources as they are served, pass
 * swagger-parser's validation, and Swagger UI is served from the webjar.
 */
class OpenApiIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JZenith app;
    private static TestClient http;
    private static JsonNode document;

    @BeforeAll
    static void start() throws Exception {
        app = JZenith.application("--rest.port=0", "--rest.openapi.title=Catalog", "--rest.openapi.version=2.1.0")
                .withPlugins(
                        RestPlugin.withResources(CatalogResource.class).withMapping(IllegalStateException.class, 404),
                        OpenApiPlugin.create())
                .withModules(new AbstractModule() {
                    @Override
                    protected void configure() {
                        Authenticator.bind(binder()).to(BearerAuthenticator.class);
                    }
                })
                .start();
        http = TestClient.of(app);
        final TestResponse response = http.get("/openapi.json");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).hasValue("application/json");
        document = JSON.readTree(response.body());
    }

    @AfterAll
    static void stop() {
        app.stop();
    }

    @Test
    void theDocumentIsValidOpenApi31() {
        final OpenAPI parsed = valid(http.get("/openapi.json").body());
        assertThat(parsed.getOpenapi()).isEqualTo("3.1.0");
        assertThat(parsed.getInfo().getTitle()).isEqualTo("Catalog");
        assertThat(parsed.getInfo().getVersion()).isEqualTo("2.1.0");
        assertThat(parsed.getPaths())
                .containsOnlyKeys("/catalog", "/catalog/{id}", "/catalog/by-code/{code}", "/catalog/count");
    }

    @Test
    void theYamlFormIsTheSameDocument() throws Exception {
        final TestResponse yaml = http.get("/openapi.yaml");
        assertThat(yaml.header("Content-Type")).hasValue("application/yaml");
        assertThat(new ObjectMapper(new YAMLFactory()).readTree(yaml.body())).isEqualTo(document);
        valid(yaml.body());
    }

    @Test
    void parametersHaveTheirTypesDefaultsAndConstraints() {
        final JsonNode list = document.at("/paths/~1catalog/get");
        assertThat(list.at("/parameters").toString())
                .contains(
                        "{\"name\":\"limit\",\"in\":\"query\",\"required\":false,\"schema\":{\"type\":\"integer\",\"format\":\"int32\",\"minimum\":1,\"maximum\":100,\"default\":20}}",
                        // @BeanParam members in its place
                        "{\"name\":\"colour\",\"in\":\"query\",\"required\":false,\"schema\":{\"type\":\"string\",\"enum\":[\"RED\",\"GREEN\"]}}",
                        "{\"name\":\"X-Tenant\",\"in\":\"header\",\"required\":true,\"schema\":{\"type\":\"string\"}}",
                        "{\"name\":\"session\",\"in\":\"cookie\",\"required\":false,\"schema\":{\"type\":\"string\"}}");
        assertThat(document.at("/paths/~1catalog~1{id}/get/parameters/0").toString())
                .isEqualTo(
                        "{\"name\":\"id\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"string\",\"format\":\"uuid\"}}");
        assertThat(document.at("/paths/~1catalog~1by-code~1{code}/get/parameters/0/schema/pattern")
                        .asText())
                .isEqualTo("^(?:[A-Z]{3})$");
    }

    @Test
    void reactiveAndGenericResultsAreUnwrapped() {
        assertThat(document.at("/paths/~1catalog/get/responses/200/content/application~1json/schema/$ref")
                        .asText())
                .isEqualTo("#/components/schemas/PageOfProduct");
        final JsonNode page = document.at("/components/schemas/PageOfProduct");
        assertThat(page.at("/properties/items/items/$ref").asText()).isEqualTo("#/components/schemas/Product");
        assertThat(page.at("/properties/offset/minimum").asInt()).isZero();
        assertThat(document.at(
                                "/paths/~1catalog~1by-code~1{code}/get/responses/200/content/application~1json/schema/$ref")
                        .asText())
                .isEqualTo("#/components/schemas/Product");
        assertThat(document.at("/paths/~1catalog~1count/get/responses/200/content/application~1json/schema")
                        .toString())
                .isEqualTo("{\"type\":\"integer\",\"format\":\"int64\"}");
    }

    @Test
    void recordsFollowJacksonAndBeanValidation() throws Exception {
        final JsonNode product = document.at("/components/schemas/Product");
        assertThat(product.at("/properties").has("product_name")).isTrue();
        assertThat(product.at("/properties").has("name")).isFalse();
        assertThat(product.at("/properties").has("secret")).isFalse();
        assertThat(product.at("/properties/product_name"))
                .isEqualTo(
                        JSON.readTree("{\"type\":\"string\",\"maxLength\":80,\"minLength\":1,\"pattern\":\"\\\\S\"}"));
        assertThat(product.at("/properties/price/minimum").decimalValue()).isEqualByComparingTo("0.01");
        assertThat(product.at("/properties/contact/format").asText()).isEqualTo("email");
        assertThat(product.at("/properties/code/pattern").asText()).isEqualTo("[A-Z]{3}");
        assertThat(product.at("/properties/labels/uniqueItems").asBoolean()).isTrue();
        assertThat(product.at("/properties/stock/additionalProperties/type").asText())
                .isEqualTo("integer");
        assertThat(product.at("/properties/created/format").asText()).isEqualTo("date-time");
        assertThat(product.at("/properties/note/type").asText()).isEqualTo("string");
        assertThat(product.at("/required").toString()).isEqualTo("[\"product_name\",\"price\"]");
    }

    @Test
    void errorsAreProblemDocuments() {
        final JsonNode get = document.at("/paths/~1catalog~1{id}/get/responses");
        assertThat(get.fieldNames()).toIterable().containsExactly("200", "400", "401", "404", "503");
        assertThat(get.at("/404/content/application~1problem+json/schema/$ref").asText())
                .isEqualTo("#/components/schemas/Problem");
        assertThat(document.at("/components/schemas/Problem/properties/violations/items/required")
                        .toString())
                .isEqualTo("[\"field\",\"message\"]");
        assertThat(document.at("/paths/~1catalog~1count/get/responses").fieldNames())
                .toIterable()
                .containsExactly("200", "401", "503");
    }

    @Test
    void rolesAllowedNeedTheBearerScheme() {
        assertThat(document.at("/components/securitySchemes").toString())
                .isEqualTo("{\"bearerAuth\":{\"type\":\"http\",\"scheme\":\"bearer\",\"bearerFormat\":\"JWT\"}}");
        final JsonNode delete = document.at("/paths/~1catalog~1{id}/delete");
        assertThat(delete.at("/security").toString()).isEqualTo("[{\"bearerAuth\":[]}]");
        assertThat(delete.at("/responses").fieldNames())
                .toIterable()
                .containsExactly("204", "400", "401", "403", "404", "503");
        assertThat(document.at("/paths/~1catalog/get").has("security")).isFalse();
    }

    @Test
    void swaggerAnnotationsAreHonoured() {
        final JsonNode get = document.at("/paths/~1catalog~1{id}/get");
        assertThat(get.at("/summary").asText()).isEqualTo("One product");
        assertThat(get.at("/description").asText()).isEqualTo("The product with this id");
        assertThat(get.at("/tags").toString()).isEqualTo("[\"products\"]");
        assertThat(document.at("/paths/~1catalog/get/tags").toString()).isEqualTo("[\"CatalogResource\"]");
        final JsonNode create = document.at("/paths/~1catalog/post");
        assertThat(create.at("/operationId").asText()).isEqualTo("createProduct");
        assertThat(create.at("/responses/201/content/application~1json/schema/$ref")
                        .asText())
                .isEqualTo("#/components/schemas/Product");
        assertThat(create.at("/responses").has("200")).isFalse();
        assertThat(create.at("/requestBody/required").asBoolean()).isTrue();
    }

    @Test
    void swaggerUiIsServedFromTheWebjarAndPointsAtTheDocument() {
        final TestResponse redirect = http.get("/swagger-ui");
        assertThat(redirect.status()).isEqualTo(301);
        assertThat(redirect.header("Location")).hasValue("/swagger-ui/");
        final TestResponse page = http.get("/swagger-ui/");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).hasValue("text/html; charset=utf-8");
        assertThat(page.body()).contains("swagger-ui-bundle.js", "swagger-initializer.js");
        assertThat(http.get("/swagger-ui/swagger-initializer.js").body()).contains("url: \"../openapi.json\"");
        assertThat(http.get("/swagger-ui/swagger-ui-bundle.js").status()).isEqualTo(200);
        final TestResponse missing = http.get("/swagger-ui/nothing.js");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.header("Content-Type")).hasValue("application/problem+json");
        assertThat(http.get("/swagger-ui/..%2Fpom.properties").status()).isEqualTo(404);
    }

    /**
     * Made once: the JSON mapper's view of the resource's types is read while the document is made,
     * so a document made again for the second request would read it again. Counted with a mapper of
     * the application's own ({@link CountingJson}), in an application of its own.
     */
    @Test
    void theDocumentIsMadeOnceAndServedAsTheSameBytes() {
        final JZenith counted = JZenith.application("--rest.port=0")
                .withPlugins(
                        RestPlugin.withResources(CatalogResource.class)
                                .withMapping(IllegalStateException.class, 404)
                                .withProviders(CountingJson.class),
                        OpenApiPlugin.create())
                .withModules(new AbstractModule() {
                    @Override
                    protected void configure() {
                        Authenticator.bind(binder()).to(BearerAuthenticator.class);
                    }
                })
                .start();
        try {
            final TestClient countedClient = TestClient.of(counted);
            final TestResponse made = countedClient.get("/openapi.json");
            assertThat(made.status()).isEqualTo(200);
            final String first = made.body();
            final int introspectionsToMakeIt = CountingJson.PRODUCT_INTROSPECTIONS.get();
            assertThat(introspectionsToMakeIt).isPositive();

            assertThat(countedClient.get("/openapi.json").body()).isEqualTo(first);
            assertThat(countedClient.get("/openapi.yaml").status()).isEqualTo(200);
            assertThat(countedClient.get("/openapi.json").body()).isEqualTo(first);
            assertThat(CountingJson.PRODUCT_INTROSPECTIONS.get()).isEqualTo(introspectionsToMakeIt);
        } finally {
            counted.stop();
        }
    }

    /** The application's JSON mapper, counting how often Jackson introspects {@link CatalogResource.Product}. */
    public static final class CountingJson implements ContextResolver<ObjectMapper> {

        static final AtomicInteger PRODUCT_INTROSPECTIONS = new AtomicInteger();

        private final ObjectMapper mapper = new ObjectMapper()
                .setAnnotationIntrospector(new JacksonAnnotationIntrospector() {
                    @Override
                    public VisibilityChecker<?> findAutoDetectVisibility(
                            final AnnotatedClass type, final VisibilityChecker<?> checker) {
                        if (type.getRawType() == CatalogResource.Product.class) {
                            PRODUCT_INTROSPECTIONS.incrementAndGet();
                        }
                        return super.findAutoDetectVisibility(type, checker);
                    }
                });

        @Override
        public ObjectMapper getContext(final Class<?> type) {
            return mapper;
        }
    }

    /** The document as swagger-parser reads it, which must find nothing wrong. */
    static OpenAPI valid(final String text) {
        final ParseOptions options = new ParseOptions();
        options.setResolve(true);
        final SwaggerParseResult result = new OpenAPIV3Parser().readContents(text, null, options);
        assertThat(result.getMessages()).isEmpty();
        assertThat(result.getOpenAPI()).isNotNull();
        return result.getOpenAPI();
    }
}
