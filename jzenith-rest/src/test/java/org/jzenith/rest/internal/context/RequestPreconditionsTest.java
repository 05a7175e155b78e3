package org.jzenith.rest.internal.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.MultiMap;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.Variant;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class RequestPreconditionsTest {

    private static final EntityTag V2 = new EntityTag("v2");
    private static final Date MODIFIED = Date.from(Instant.parse("2026-11-20T10:00:00Z"));

    private static RequestPreconditions request(final String method, final String... headers) {
        final MultiMap map = MultiMap.caseInsensitiveMultiMap();
        for (int i = 0; i < headers.length; i += 2) {
            map.add(headers[i], headers[i + 1]);
        }
        return RequestPreconditions.of(method, map);
    }

    private static Integer status(final Response.ResponseBuilder builder) {
        return builder == null ? null : builder.build().getStatus();
    }

    @Test
    void ifNoneMatchWithTheCurrentTagIsNotModifiedForReadsAndFailsForWrites() {
        assertThat(status(request("GET", "If-None-Match", "\"v1\", W/\"v2\"").evaluatePreconditions(V2)))
                .isEqualTo(304);
        assertThat(request("GET", "If-None-Match", "\"v2\"")
                        .evaluatePreconditions(V2)
                        .build()
                        .getEntityTag())
                .isEqualTo(V2);
        assertThat(status(request("PUT", "If-None-Match", "*").evaluatePreconditions(V2)))
                .isEqualTo(412);
        assertThat(request("GET", "If-None-Match", "\"v1\"").evaluatePreconditions(V2))
                .isNull();
    }

    @Test
    void ifMatchComparesStronglyAndFailsWithAnotherTag() {
        assertThat(request("PUT", "If-Match", "\"v2\"").evaluatePreconditions(V2))
                .isNull();
        assertThat(status(request("PUT", "If-Match", "\"v1\"").evaluatePreconditions(V2)))
                .isEqualTo(412);
        assertThat(status(request("PUT", "If-Match", "W/\"v2\"").evaluatePreconditions(V2)))
                .isEqualTo(412);
        assertThat(status(request("DELETE", "If-Match", "*").evaluatePreconditions()))
                .isEqualTo(412);
        assertThat(request("DELETE").evaluatePreconditions()).isNull();
    }

    @Test
    void datesCompareBySecondsAndAnInvalidDateIsIgnored() {
        assertThat(status(request("GET", "If-Modified-Since", "Fri, 20 Nov 2026 10:00:00 GMT")
                        .evaluatePreconditions(MODIFIED)))
                .isEqualTo(304);
        assertThat(request("GET", "If-Modified-Since", "Fri, 20 Nov 2026 09:59:59 GMT")
                        .evaluatePreconditions(MODIFIED))
                .isNull();
        assertThat(status(request("PUT", "If-Unmodified-Since", "Fri, 20 Nov 2026 09:00:00 GMT")
                        .evaluatePreconditions(MODIFIED)))
                .isEqualTo(412);
        assertThat(request("GET", "If-Modified-Since", "yesterday").evaluatePreconditions(MODIFIED))
                .isNull();
    }

    @Test
    void ifNoneMatchTakesPrecedenceOverIfModifiedSince() {
        final RequestPreconditions request =
                request("GET", "If-None-Match", "\"v1\"", "If-Modified-Since", "Fri, 20 Nov 2026 10:00:00 GMT");

        assertThat(request.evaluatePreconditions(MODIFIED, V2)).isNull();
    }

    @Test
    void theVariantTheRequestAcceptsBestIsSelected() {
        final Variant json = new Variant(MediaType.APPLICATION_JSON_TYPE, Locale.ENGLISH, null);
        final Variant text = new Variant(MediaType.TEXT_PLAIN_TYPE, Locale.GERMAN, null);

        assertThat(request("GET", "Accept", "text/plain, application/json;q=0.5")
                        .selectVariant(List.of(json, text)))
                .isEqualTo(text);
        assertThat(request("GET", "Accept", "image/png").selectVariant(List.of(json, text)))
                .isNull();
        assertThat(request("GET", "Accept-Language", "en").selectVariant(List.of(text, json)))
                .isEqualTo(json);
    }
}
