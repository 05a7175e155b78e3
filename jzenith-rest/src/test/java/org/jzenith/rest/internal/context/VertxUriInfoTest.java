package org.jzenith.rest.internal.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.core.net.HostAndPort;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.PathSegment;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

final class VertxUriInfoTest {

    private static final UserResource RESOURCE = new UserResource();

    private static ContextTestServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = ContextTestServer.start("/users/:id", VertxUriInfoTest::report);
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    private static JsonObject report(final RoutingContext context) {
        // Vert.x Web decodes context.pathParams(); the binding hands over the raw value as it stands in the path.
        final String path = context.request().path();
        final Map<String, String> rawPathParameters = Map.of("id", path.substring(path.lastIndexOf('/') + 1));
        final UriInfo info =
                new VertxUriInfo(RequestTarget.of(context.request()), rawPathParameters, () -> RESOURCE, "/users/{id}");
        return new JsonObject()
                .put("path", info.getPath())
                .put("rawPath", info.getPath(false))
                .put("pathParameters", json(info.getPathParameters()))
                .put("rawPathParameters", json(info.getPathParameters(false)))
                .put("queryParameters", json(info.getQueryParameters()))
                .put("rawQueryParameters", json(info.getQueryParameters(false)))
                .put("segments", segments(info.getPathSegments()))
                .put("rawSegments", segments(info.getPathSegments(false)))
                .put("baseUri", info.getBaseUri().toString())
                .put("absolutePath", info.getAbsolutePath().toString())
                .put("requestUri", info.getRequestUri().toString())
                .put(
                        "baseBuilder",
                        info.getBaseUriBuilder().path("orders").build().toString())
                .put(
                        "absoluteBuilder",
                        info.getAbsolutePathBuilder()
                                .queryParam("page", 2)
                                .build()
                                .toString())
                .put(
                        "requestBuilder",
                        info.getRequestUriBuilder().replaceQuery(null).build().toString())
                .put("matchedUris", new JsonArray(info.getMatchedURIs()))
                .put("rawMatchedUris", new JsonArray(info.getMatchedURIs(false)))
                .put("matchedTemplate", info.getMatchedResourceTemplate())
                .put("matchedResourceIsTheResource", info.getMatchedResources().equals(List.of(RESOURCE)))
                .put("resolved", info.resolve(URI.create("orders/../orders/1")).toString())
                .put(
                        "resolvedAbsolute",
                        info.resolve(URI.create("https://other.example/x")).toString())
                .put(
                        "relativeSibling",
                        info.relativize(URI.create("users/7/orders")).toString())
                .put(
                        "relativeCousin",
                        info.relativize(URI.create("orders/1?page=2")).toString())
                .put(
                        "relativeForeign",
                        info.relativize(URI.create("https://other.example/x")).toString())
                .put("cached", info.getQueryParameters() == info.getQueryParameters())
                .put("queryImmutable", rejectsChange(() -> info.getQueryParameters()
                        .add("new", "v")))
                .put("pathParametersImmutable", rejectsChange(() -> info.getPathParameters()
                        .putSingle("id", "v")))
                .put("segmentsImmutable", rejectsChange(() -> info.getPathSegments()
                        .clear()))
                .put("matrixImmutable", rejectsChange(() -> info.getPathSegments()
                        .getLast()
                        .getMatrixParameters()
                        .add("k", "v")))
                .put("resourcesImmutable", rejectsChange(() -> info.getMatchedResources()
                        .clear()));
    }

    private static JsonObject json(final MultivaluedMap<String, String> map) {
        return new JsonObject(new LinkedHashMap<>(map));
    }

    private static JsonArray segments(final List<PathSegment> segments) {
        final JsonArray array = new JsonArray();
        segments.forEach(segment -> array.add(
                new JsonObject().put("path", segment.getPath()).put("matrix", json(segment.getMatrixParameters()))));
        return array;
    }

    private static boolean rejectsChange(final Runnable change) {
        try {
            change.run();
            return false;
        } catch (final UnsupportedOperationException e) {
            return true;
        }
    }

    @Test
    void pathAndQueryAreDecodedUnlessRawIsAskedFor() throws Exception {
        final JsonObject report = server.get("/users/john%20doe%2Fjr?q=a%20b&q=c+d&flag&slash=%2F&na%20me=v");

        assertThat(report.getString("path")).isEqualTo("users/john doe/jr");
        assertThat(report.getString("rawPath")).isEqualTo("users/john%20doe%2Fjr");
        assertThat(report.getJsonObject("pathParameters")).isEqualTo(new JsonObject().put("id", values("john doe/jr")));
        assertThat(report.getJsonObject("rawPathParameters"))
                .isEqualTo(new JsonObject().put("id", values("john%20doe%2Fjr")));
        assertThat(report.getJsonObject("queryParameters"))
                .isEqualTo(new JsonObject()
                        .put("q", values("a b", "c d"))
                        .put("flag", values(""))
                        .put("slash", values("/"))
                        .put("na me", values("v")));
        // names are decoded either way, as the API says
        assertThat(report.getJsonObject("rawQueryParameters"))
                .isEqualTo(new JsonObject()
                        .put("q", values("a%20b", "c+d"))
                        .put("flag", values(""))
                        .put("slash", values("%2F"))
                        .put("na me", values("v")));
        assertThat(report.getJsonArray("matchedUris").getValue(0)).isEqualTo("users/john doe/jr");
        assertThat(report.getJsonArray("rawMatchedUris").getValue(0)).isEqualTo("users/john%20doe%2Fjr");
        assertThat(report.getBoolean("cached")).isTrue();
    }

    @Test
    void urisAreBuiltFromTheHostTheClientAddressed() throws Exception {
        final String origin = "http://localhost:" + server.port();
        final JsonObject report = server.get("/users/john%20doe%2Fjr?q=a%20b&q=c+d");

        assertThat(report.getString("baseUri")).isEqualTo(origin + "/");
        assertThat(report.getString("absolutePath")).isEqualTo(origin + "/users/john%20doe%2Fjr");
        assertThat(report.getString("requestUri")).isEqualTo(origin + "/users/john%20doe%2Fjr?q=a%20b&q=c+d");
        assertThat(report.getString("baseBuilder")).isEqualTo(origin + "/orders");
        assertThat(report.getString("absoluteBuilder")).isEqualTo(origin + "/users/john%20doe%2Fjr?page=2");
        assertThat(report.getString("requestBuilder")).isEqualTo(origin + "/users/john%20doe%2Fjr");
    }

    @Test
    void hostHeaderWithoutPortGivesAUriWithoutPort() throws Exception {
        final JsonObject report =
                server.send(HttpMethod.GET, "/users/42?x=1", Map.of(), HostAndPort.authority("api.example.com"), null);

        assertThat(report.getString("baseUri")).isEqualTo("http://api.example.com/");
        assertThat(report.getString("absolutePath")).isEqualTo("http://api.example.com/users/42");
        assertThat(report.getString("requestUri")).isEqualTo("http://api.example.com/users/42?x=1");
    }

    @Test
    void hostHeaderPortIsKept() throws Exception {
        final JsonObject report =
                server.send(HttpMethod.GET, "/users/42", Map.of(), HostAndPort.create("api.example.com", 8443), null);

        assertThat(report.getString("baseUri")).isEqualTo("http://api.example.com:8443/");
        assertThat(report.getString("requestUri")).isEqualTo("http://api.example.com:8443/users/42");
    }

    @Test
    void pathSegmentsCarryMatrixParameters() throws Exception {
        final JsonObject report = server.get("/users/john%20doe;role=admin;role=ops;note=a%20b");

        final JsonArray segments = report.getJsonArray("segments");
        assertThat(segments.size()).isEqualTo(2);
        assertThat(segments.getJsonObject(0).getString("path")).isEqualTo("users");
        assertThat(segments.getJsonObject(0).getJsonObject("matrix")).isEmpty();
        assertThat(segments.getJsonObject(1).getString("path")).isEqualTo("john doe");
        assertThat(segments.getJsonObject(1).getJsonObject("matrix"))
                .isEqualTo(new JsonObject().put("role", values("admin", "ops")).put("note", values("a b")));

        final JsonArray rawSegments = report.getJsonArray("rawSegments");
        assertThat(rawSegments.getJsonObject(1).getString("path")).isEqualTo("john%20doe");
        assertThat(rawSegments.getJsonObject(1).getJsonObject("matrix"))
                .isEqualTo(new JsonObject().put("role", values("admin", "ops")).put("note", values("a%20b")));
        // the path keeps matrix parameters, only segments split them off
        assertThat(report.getString("path")).isEqualTo("users/john doe;role=admin;role=ops;note=a b");
    }

    @Test
    void matchReportsTheResourceAndTemplate() throws Exception {
        final JsonObject report = server.get("/users/42");

        assertThat(report.getJsonArray("matchedUris").size()).isEqualTo(1);
        assertThat(report.getJsonArray("matchedUris").getValue(0)).isEqualTo("users/42");
        assertThat(report.getString("matchedTemplate")).isEqualTo("/users/{id}");
        assertThat(report.getBoolean("matchedResourceIsTheResource")).isTrue();
        assertThat(report.getJsonObject("queryParameters")).isEmpty();
    }

    @Test
    void resolveAndRelativizeFollowTheApiExamples() throws Exception {
        final String origin = "http://localhost:" + server.port();
        final JsonObject report = server.get("/users/42");

        assertThat(report.getString("resolved")).isEqualTo(origin + "/orders/1");
        assertThat(report.getString("resolvedAbsolute")).isEqualTo("https://other.example/x");
        assertThat(report.getString("relativeSibling")).isEqualTo("7/orders");
        assertThat(report.getString("relativeCousin")).isEqualTo("../orders/1?page=2");
        assertThat(report.getString("relativeForeign")).isEqualTo("https://other.example/x");
    }

    @Test
    void returnedCollectionsAreReadOnly() throws Exception {
        final JsonObject report = server.get("/users/42;k=v");

        assertThat(report.getBoolean("queryImmutable")).isTrue();
        assertThat(report.getBoolean("pathParametersImmutable")).isTrue();
        assertThat(report.getBoolean("segmentsImmutable")).isTrue();
        assertThat(report.getBoolean("matrixImmutable")).isTrue();
        assertThat(report.getBoolean("resourcesImmutable")).isTrue();
    }

    private static JsonArray values(final String... values) {
        return new JsonArray(List.of((Object[]) values));
    }

    /** Stands in for the resource instance the binding matched. */
    private static final class UserResource {}
}
