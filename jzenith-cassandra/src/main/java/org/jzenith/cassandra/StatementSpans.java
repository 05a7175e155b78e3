package org.jzenith.cassandra;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.Optional;

/**
 * A client span for every statement, a child of what was current where the application sent it (the
 * request a thread serves, even when the statement goes out later from a driver thread), with OpenTelemetry's database attributes. The statement's text is the CQL with
 * {@code ?} where values go: values never reach a span. Only made when the service traces.
 */
final class StatementSpans {

    private static final AttributeKey<String> SYSTEM = AttributeKey.stringKey("db.system");
    private static final AttributeKey<String> NAMESPACE = AttributeKey.stringKey("db.namespace");
    private static final AttributeKey<String> TEXT = AttributeKey.stringKey("db.query.text");
    private static final AttributeKey<String> OPERATION = AttributeKey.stringKey("db.operation.name");
    private static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    private final Tracer tracer;
    private final String keyspace;

    StatementSpans(final OpenTelemetry openTelemetry, final String keyspace) {
        this.tracer = openTelemetry.getTracer("org.jzenith.cassandra");
        this.keyspace = keyspace;
    }

    /** A started span for {@code cql}, a child of {@code parent} (the caller's context where it sent the statement). */
    Span start(final String cql, final String verb, final Context parent) {
        return tracer.spanBuilder(verb.isEmpty() ? "statement" : verb)
                .setSpanKind(SpanKind.CLIENT)
                .setParent(parent)
                .setAttribute(SYSTEM, "cassandra")
                .setAttribute(NAMESPACE, keyspace)
                .setAttribute(TEXT, cql)
                .setAttribute(OPERATION, verb)
                .startSpan();
    }

    /** Ends {@code span}; {@code failure}, when there is one, marks it failed with its kind (no message). */
    static void end(final Span span, final Optional<Throwable> failure) {
        failure.ifPresent(error -> {
            final boolean unavailable = Unavailable.is(error);
            span.setStatus(StatusCode.ERROR, unavailable ? "unavailable" : "failed");
            span.setAttribute(ERROR_TYPE, Unavailable.unwrap(error).getClass().getSimpleName());
        });
        span.end();
    }
}
