package org.jzenith.opentelemetry.internal.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.sdk.common.export.GrpcStatusCode;
import org.junit.jupiter.api.Test;

class GrpcStatusesTest {

    @Test
    void percentEscapesBecomeUtf8Text() {
        assertThat(GrpcStatuses.percentDecode("quota%20exceeded%3A%20%C3%A9t%C3%A9"))
                .isEqualTo("quota exceeded: été");
    }

    @Test
    void aMalformedEscapeIsKeptAsItIs() {
        assertThat(GrpcStatuses.percentDecode("100%")).isEqualTo("100%");
        assertThat(GrpcStatuses.percentDecode("%zz and %4")).isEqualTo("%zz and %4");
    }

    @Test
    void textWithoutEscapesIsReturnedUnchanged() {
        assertThat(GrpcStatuses.percentDecode("plain words")).isEqualTo("plain words");
    }

    @Test
    void httpStatusesOfProxiesMapAsGrpcSays() {
        assertThat(GrpcStatuses.fromHttp(503)).isEqualTo(GrpcStatusCode.UNAVAILABLE);
        assertThat(GrpcStatuses.fromHttp(429)).isEqualTo(GrpcStatusCode.UNAVAILABLE);
        assertThat(GrpcStatuses.fromHttp(401)).isEqualTo(GrpcStatusCode.UNAUTHENTICATED);
        assertThat(GrpcStatuses.fromHttp(404)).isEqualTo(GrpcStatusCode.UNIMPLEMENTED);
        assertThat(GrpcStatuses.fromHttp(200)).isEqualTo(GrpcStatusCode.UNKNOWN);
    }
}
