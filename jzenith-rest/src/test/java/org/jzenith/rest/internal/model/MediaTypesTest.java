package org.jzenith.rest.internal.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** jZenith's own reading of @Produces and @Consumes values agrees with JAX-RS's MediaType.valueOf. */
class MediaTypesTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "application/json",
                "text/plain; charset=utf-8",
                "text/plain;charset=UTF-8",
                "application/vnd.api+json",
                "*/*",
                "text/*",
                " application/json ",
                "application/json;q=0.5;charset=UTF-8",
                "multipart/form-data; boundary=\"a b;c\"",
                "application/x-www-form-urlencoded",
                "application/problem+json"
            })
    void readsWhatJaxRsReads(final String value) {
        final MediaType ours = MediaTypes.parse(value);
        final MediaType theirs = MediaType.valueOf(value);

        assertThat(ours).isEqualTo(theirs);
        assertThat(ours.getParameters()).isEqualTo(theirs.getParameters());
        assertThat(MediaTypes.format(ours)).isEqualTo(theirs.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "json", "application/", "/json", "application/json; charset", "a/b; c=\"open"})
    void refusesWhatIsNoMediaType(final String value) {
        assertThatThrownBy(() -> MediaTypes.parse(value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a media type");
    }

    @Test
    void unquotesParameterValues() {
        assertThat(MediaTypes.parse("multipart/mixed; boundary=\"x\\\"y\"").getParameters())
                .isEqualTo(Map.of("boundary", "x\"y"));
    }
}
