/**
 * A gRPC sender for the OTLP exporter on Vert.x's HTTP/2 client, so that OTLP/gRPC works without
 * OkHttp or grpc-java. Found by the SDK through {@code META-INF/services}; not an API.
 */
package org.jzenith.opentelemetry.internal.grpc;
