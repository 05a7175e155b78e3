package org.jzenith.rest.internal.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.Cookie;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

final class VertxHttpHeadersTest {

    private static ContextTestServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = ContextTestServer.start("/headers", VertxHttpHeadersTest::report);
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    private static JsonObject report(final RoutingContext context) {
        final HttpHeaders headers = new VertxHttpHeaders(context.request().headers());
        final Map<String, String> cookies = new LinkedHashMap<>();
        headers.getCookies().forEach((name, cookie) -> cookies.put(name, cookie.getName() + "=" + cookie.getValue()));
        final Date date = headers.getDate();
        final Locale language = headers.getLanguage();
        final List<String> multi = headers.getRequestHeader("X-Multi");
        return new JsonObject()
                .put("multi", list(headers.getRequestHeader("x-MULTI")))
                .put("multiString", headers.getHeaderString("X-MULTI"))
                .put("multiFromMap", list(headers.getRequestHeaders().get("X-mUlTi")))
                .put("emptyString", headers.getHeaderString("X-Empty"))
                .put("absentList", list(headers.getRequestHeader("X-Absent")))
                .put("absentString", headers.getHeaderString("X-Absent"))
                .put("hasHost", headers.getRequestHeaders().containsKey("HOST"))
                .put("csvContains2", headers.containsHeaderString("x-csv", "2"::equals))
                .put("csvContains3", headers.containsHeaderString("X-CSV", "3"::equals))
                .put("multiContainsB", headers.containsHeaderString("x-multi", ";", "b"::equals))
                .put(
                        "accept",
                        new JsonArray(headers.getAcceptableMediaTypes().stream()
                                .map(Object::toString)
                                .toList()))
                .put(
                        "languages",
                        new JsonArray(headers.getAcceptableLanguages().stream()
                                .map(Locale::toString)
                                .toList()))
                .put(
                        "mediaType",
                        headers.getMediaType() == null
                                ? null
                                : headers.getMediaType().toString())
                .put(
                        "charset",
                        headers.getMediaType() == null
                                ? null
                                : headers.getMediaType().getParameters().get("charset"))
                .put("length", headers.getLength())
                .put("language", language == null ? null : language.toString())
                .put("date", date == null ? null : date.getTime())
                .put("cookies", new JsonObject(new LinkedHashMap<>(cookies)))
                .put(
                        "cookiesAreJakartaCookies",
                        headers.getCookies().values().stream().allMatch(Cookie.class::isInstance))
                .put("cached", headers.getAcceptableMediaTypes() == headers.getAcceptableMediaTypes())
                .put("headersImmutable", rejectsChange(() -> headers.getRequestHeaders()
                        .add("X-New", "v")))
                .put("headerListImmutable", multi == null ? null : rejectsChange(() -> multi.add("c")))
                .put("acceptImmutable", rejectsChange(() -> headers.getAcceptableMediaTypes()
                        .clear()))
                .put("cookiesImmutable", rejectsChange(() -> headers.getCookies()
                        .clear()));
    }

    private static JsonArray list(final List<String> values) {
        return values == null ? null : new JsonArray(List.copyOf(values));
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
    void multiValuedHeadersAreReadIgnoringCase() throws Exception {
        final JsonObject report = send(Map.of(
                "X-Multi", List.of("a", "b"),
                "X-Csv", List.of("1, 2"),
                "X-Empty", List.of("")));

        assertThat(values(report, "multi")).containsExactly("a", "b");
        assertThat(report.getString("multiString")).isEqualTo("a,b");
        assertThat(values(report, "multiFromMap")).containsExactly("a", "b");
        assertThat(report.getString("emptyString")).isEmpty();
        assertThat(report.getBoolean("hasHost")).isTrue();
        assertThat(report.getBoolean("csvContains2")).isTrue();
        assertThat(report.getBoolean("csvContains3")).isFalse();
        assertThat(report.getBoolean("multiContainsB")).isTrue();
    }

    @Test
    void absentHeadersFollowTheApiDefaults() throws Exception {
        final JsonObject report = send(Map.of());

        // getRequestHeader is getRequestHeaders().get(name), so absent means null
        assertThat(report.getValue("absentList")).isNull();
        assertThat(report.getValue("absentString")).isNull();
        assertThat(values(report, "accept")).containsExactly("*/*");
        assertThat(values(report, "languages")).containsExactly("*");
        assertThat(report.getValue("mediaType")).isNull();
        assertThat(report.getInteger("length")).isEqualTo(-1);
        assertThat(report.getValue("language")).isNull();
        assertThat(report.getValue("date")).isNull();
        assertThat(report.getJsonObject("cookies")).isEmpty();
    }

    @Test
    void acceptIsSortedByQualityThenSpecificity() throws Exception {
        final JsonObject report = send(Map.of(
                "Accept",
                List.of(
                        "text/plain;q=0.5, */*;q=0.1, text/*;q=0.8, application/json",
                        "application/xml;charset=utf-8, text/html;q=0"),
                "Accept-Language",
                List.of("de;q=0.7, en-US, *;q=0.1, fr;q=0.9")));

        assertThat(values(report, "accept"))
                .containsExactly("application/xml;charset=utf-8", "application/json", "text/*", "text/plain", "*/*");
        assertThat(values(report, "languages")).containsExactly("en_US", "fr", "de", "*");
        assertThat(report.getBoolean("cached")).isTrue();
    }

    @Test
    void equallyWeightedMediaTypesPutTheMostSpecificFirst() throws Exception {
        final JsonObject report = send(Map.of("Accept", List.of("*/*, text/*, text/plain")));

        assertThat(values(report, "accept")).containsExactly("text/plain", "text/*", "*/*");
    }

    @Test
    void unreadableHeadersCountAsAbsent() throws Exception {
        final JsonObject report = send(Map.of("Accept", List.of("nonsense"), "Date", List.of("yesterday")));

        assertThat(values(report, "accept")).containsExactly("*/*");
        assertThat(report.getValue("date")).isNull();
    }

    @Test
    void cookiesAreMappedByName() throws Exception {
        final JsonObject report = send(Map.of("Cookie", List.of("session=abc123; theme=\"dark\"")));

        assertThat(report.getJsonObject("cookies").getMap())
                .containsExactly(Map.entry("session", "session=abc123"), Map.entry("theme", "theme=dark"));
        assertThat(report.getBoolean("cookiesAreJakartaCookies")).isTrue();
    }

    @Test
    void entityHeadersAreParsed() throws Exception {
        final JsonObject report = server.send(
                HttpMethod.POST,
                "/headers",
                Map.of(
                        "Content-Type", List.of("application/json; charset=UTF-8"),
                        "Content-Language", List.of("de-CH"),
                        "Date", List.of("Sun, 06 Nov 1994 08:49:37 GMT")),
                null,
                "hello");

        assertThat(report.getString("mediaType")).startsWith("application/json");
        assertThat(report.getString("charset")).isEqualTo("UTF-8");
        assertThat(report.getInteger("length")).isEqualTo(5);
        assertThat(report.getString("language")).isEqualTo("de_CH");
        assertThat(report.getLong("date")).isEqualTo(784_111_777_000L);
    }

    @Test
    void returnedCollectionsAreReadOnly() throws Exception {
        final JsonObject report = send(Map.of("X-Multi", List.of("a"), "Cookie", List.of("a=b")));

        assertThat(report.getBoolean("headersImmutable")).isTrue();
        assertThat(report.getBoolean("headerListImmutable")).isTrue();
        assertThat(report.getBoolean("acceptImmutable")).isTrue();
        assertThat(report.getBoolean("cookiesImmutable")).isTrue();
    }

    private static List<Object> values(final JsonObject report, final String key) {
        return report.getJsonArray(key).stream().toList();
    }

    private static JsonObject send(final Map<String, List<String>> headers) throws Exception {
        return server.send(HttpMethod.GET, "/headers", headers, null, null);
    }
}
