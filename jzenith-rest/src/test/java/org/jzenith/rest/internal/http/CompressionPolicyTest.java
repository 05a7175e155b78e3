package org.jzenith.rest.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.MultiMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestConfiguration;

class CompressionPolicyTest {

    private static final CompressionPolicy POLICY = CompressionPolicy.of(new RestConfiguration.Compression() {
        @Override
        public boolean enabled() {
            return true;
        }

        @Override
        public int minSize() {
            return 1024;
        }

        @Override
        public int level() {
            return 6;
        }

        @Override
        public List<String> types() {
            return List.of("text/*", " application/json", "application/problem+json");
        }
    });

    @Test
    void typesMatchWithoutParametersAndCase() {
        assertThat(POLICY.compressible("application/json")).isTrue();
        assertThat(POLICY.compressible("Application/JSON; charset=utf-8")).isTrue();
        assertThat(POLICY.compressible("application/problem+json;charset=utf-8"))
                .isTrue();
        assertThat(POLICY.compressible("text/plain")).isTrue();
        assertThat(POLICY.compressible("text/event-stream")).isFalse();
        assertThat(POLICY.compressible("application/octet-stream")).isFalse();
        assertThat(POLICY.compressible("application/jsonx")).isFalse();
        assertThat(POLICY.compressible("image/png")).isFalse();
    }

    @Test
    void smallBinaryAndEncodedBodiesAreLeftAlone() {
        final MultiMap small = MultiMap.caseInsensitiveMultiMap()
                .add("Content-Type", "application/json")
                .add("Content-Length", "1023");
        final MultiMap binary = MultiMap.caseInsensitiveMultiMap().add("Content-Type", "image/png");
        final MultiMap encoded = MultiMap.caseInsensitiveMultiMap()
                .add("Content-Type", "text/plain")
                .add("Content-Encoding", "br");

        POLICY.decide(small);
        POLICY.decide(binary);
        POLICY.decide(encoded);

        assertThat(small.get("Content-Encoding")).isEqualTo("identity");
        assertThat(binary.get("Content-Encoding")).isEqualTo("identity");
        assertThat(encoded.get("Content-Encoding")).isEqualTo("br");
    }

    @Test
    void compressibleBodiesVaryByAcceptEncodingBesideWhatVariesAlready() {
        final MultiMap streamed = MultiMap.caseInsensitiveMultiMap().add("Content-Type", "application/json");
        final MultiMap large = MultiMap.caseInsensitiveMultiMap()
                .add("Content-Type", "text/html")
                .add("Content-Length", "1024")
                .add("Vary", "Origin");

        POLICY.decide(streamed);
        POLICY.decide(large);

        assertThat(streamed.get("Content-Encoding")).isNull();
        assertThat(streamed.get("Vary")).isEqualTo("Accept-Encoding");
        assertThat(large.get("Vary")).isEqualTo("Origin, Accept-Encoding");
    }
}
