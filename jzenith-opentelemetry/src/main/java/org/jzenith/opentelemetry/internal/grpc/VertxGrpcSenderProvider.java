package org.jzenith.opentelemetry.internal.grpc;

import io.opentelemetry.sdk.common.export.GrpcSender;
import io.opentelemetry.sdk.common.export.GrpcSenderConfig;
import io.opentelemetry.sdk.common.export.GrpcSenderProvider;

/**
 * Gives the OTLP gRPC exporters a sender on Vert.x's HTTP/2 client. The SDK finds it through
 * {@link java.util.ServiceLoader}; with OkHttp's sender left out it is the only provider, so the
 * SDK needs no property to choose it.
 *
 * <pre>{@code
 * // Nothing to call: this picks the provider up.
 * OtlpGrpcSpanExporter.builder().setEndpoint("http://collector:4317").build();
 * }</pre>
 */
public final class VertxGrpcSenderProvider implements GrpcSenderProvider {

    /** For {@link java.util.ServiceLoader}. */
    public VertxGrpcSenderProvider() {}

    @Override
    public GrpcSender createSender(final GrpcSenderConfig config) {
        return new VertxGrpcSender(GrpcCallSettings.of(config));
    }
}
