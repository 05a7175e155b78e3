package org.jzenith.jdbc;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.sql.SQLException;
import java.util.Locale;
import org.jdbi.v3.core.statement.SqlLogger;
import org.jdbi.v3.core.statement.StatementContext;
import org.jzenith.core.spi.tracing.StatementVerb;

/**
 * A client span for every statement Jdbi runs, a child of the request the calling thread serves,
 * with OpenTelemetry's database attributes. The statement's text is Jdbi's parsed SQL, with {@code
 * ?} where the values go: values never reach a span.
 *
 * <p>Installed only when the service traces; statements run through the injected {@code
 * DataSource} directly are not seen.
 */
final class StatementSpans implements SqlLogger {

    private static final String SPAN = StatementSpans.class.getName();
    private static final AttributeKey<String> SYSTEM = AttributeKey.stringKey("db.system");
    private static final AttributeKey<String> TEXT = AttributeKey.stringKey("db.query.text");
    private static final AttributeKey<String> OPERATION = AttributeKey.stringKey("db.operation.name");
    private static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    private final Tracer tracer;
    private final PooledDataSource database;
    /** {@code db.system}, read from the database's product name once the plugin has connected. */
    private volatile String system = "";

    StatementSpans(final OpenTelemetry openTelemetry, final PooledDataSource database) {
        this.tracer = openTelemetry.getTracer("org.jzenith.jdbc");
        this.database = database;
    }

    @Override
    public void logBeforeExecution(final StatementContext context) {
        final String text = context.getParsedSql() == null
                ? context.getRawSql()
                : context.getParsedSql().getSql();
        final String verb = StatementVerb.of(text);
        final Span span = tracer.spanBuilder(verb.isEmpty() ? "statement" : verb)
                .setSpanKind(SpanKind.CLIENT)
                .setParent(Context.current())
                .setAttribute(SYSTEM, system())
                .setAttribute(TEXT, text)
                .setAttribute(OPERATION, verb)
                .startSpan();
        context.define(SPAN, span);
    }

    @Override
    public void logAfterExecution(final StatementContext context) {
        if (context.getAttribute(SPAN) instanceof Span span) {
            span.end();
        }
    }

    @Override
    public void logException(final StatementContext context, final SQLException failure) {
        if (context.getAttribute(SPAN) instanceof Span span) {
            span.setStatus(StatusCode.ERROR, "SQLSTATE " + failure.getSQLState());
            span.setAttribute(ERROR_TYPE, failure.getSQLState() == null ? "SQLException" : failure.getSQLState());
            span.end();
        }
    }

    private String system() {
        final String known = system;
        if (!known.isEmpty()) {
            return known;
        }
        final String found = system(database.database());
        system = found;
        return found;
    }

    /** {@code postgresql} of {@code PostgreSQL 16.4}, as the database conventions name systems. */
    private static String system(final String product) {
        final int space = product.indexOf(' ');
        return (space < 0 ? product : product.substring(0, space)).toLowerCase(Locale.ROOT);
    }
}
