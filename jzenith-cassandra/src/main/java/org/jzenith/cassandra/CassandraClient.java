package org.jzenith.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jzenith.core.spi.tracing.StatementVerb;
import org.jzenith.core.store.LateBound;

/**
 * Runs CQL on the plugin's session: the client the application injects, for reactive and blocking
 * use alike. A statement with values is prepared once (per CQL text) and bound; a {@code SELECT}
 * runs at {@code cassandra.read-consistency}, every other statement at {@code
 * cassandra.write-consistency}, unless the statement sets its own; every statement is bounded by
 * {@code cassandra.request-timeout}.
 *
 * <pre>{@code
 * @Inject CassandraClient cassandra;
 *
 * cassandra.execute("SELECT name FROM users WHERE id = ?", id)          // Future<AsyncResultSet>
 *          .map(rows -> Optional.ofNullable(rows.one()).map(row -> row.getString("name")));
 * cassandra.executeAsync("DELETE FROM users WHERE id = ?", id);          // CompletionStage<AsyncResultSet>
 * Single.fromCompletionStage(cassandra.executeAsync(...));              // RxJava 3
 * AsyncResultSet rows = cassandra.executeBlocking("SELECT ...", id);     // on a virtual thread
 * }</pre>
 *
 * <p>When Cassandra cannot be reached or cannot answer now, a statement fails with a {@link
 * CassandraUnavailableException} (HTTP 503 with {@code Retry-After}); other failures (a syntax error,
 * an unknown table) are the driver's own. A result holds the first page of rows ({@code
 * AsyncResultSet#currentPage()}); {@code fetchNextPage()} reads on.
 *
 * <p>Thread-safe; exists before the plugin has connected, and a statement sent before start or after
 * stop fails like one while Cassandra is away. A {@link Future} completes on the Vert.x context it
 * was created on, if any.
 */
public final class CassandraClient {

    // Prepared statements by their CQL, up to this many texts: beyond, statements are prepared each time
    // (an application that builds CQL from values should bind them instead).
    private static final int PREPARED_LIMIT = 1000;

    /** The running session, what it was made from, and where statements are recorded. */
    record Running(
            CqlSession session,
            CassandraTarget target,
            String version,
            CassandraMetrics metrics,
            Optional<StatementSpans> spans) {}

    private final LateBound<Running> running = LateBound.of("cassandra");
    private final ConcurrentMap<String, CompletionStage<PreparedStatement>> prepared = new ConcurrentHashMap<>();

    CassandraClient() {}

    /** Runs {@code cql} with {@code values} bound to its {@code ?} markers; completes with the first page. */
    public Future<AsyncResultSet> execute(final String cql, final Object... values) {
        return future(executeAsync(cql, values));
    }

    /** Runs {@code statement} (a simple, bound or batch statement); completes with the first page. */
    public Future<AsyncResultSet> execute(final Statement<?> statement) {
        return future(executeAsync(statement));
    }

    /** As {@link #execute(String, Object...)}, as a {@link CompletionStage}. */
    public CompletionStage<AsyncResultSet> executeAsync(final String cql, final Object... values) {
        final Optional<Running> current = running.current();
        if (current.isEmpty()) {
            return CompletableFuture.failedFuture(notRunning());
        }
        // The caller's trace context, for the statement's span: a first preparation completes on a driver thread.
        final Context caller = Context.current();
        if (values.length == 0) {
            return send(current.get(), SimpleStatement.newInstance(cql), cql, caller);
        }
        return prepare(current.get(), cql)
                .thenCompose(statement -> send(current.get(), statement.bind(values), cql, caller))
                .exceptionallyCompose(failure -> CompletableFuture.failedFuture(
                        Unavailable.translate(failure, current.get().target())));
    }

    /** As {@link #execute(Statement)}, as a {@link CompletionStage}. */
    public CompletionStage<AsyncResultSet> executeAsync(final Statement<?> statement) {
        final Optional<Running> current = running.current();
        if (current.isEmpty()) {
            return CompletableFuture.failedFuture(notRunning());
        }
        return send(current.get(), statement, text(statement), Context.current());
    }

    /**
     * Runs {@code cql} with {@code values} and returns its first page once answered; for virtual
     * threads (never an event loop). Throws what {@link #execute(String, Object...)} fails with.
     */
    public AsyncResultSet executeBlocking(final String cql, final Object... values) {
        return await(executeAsync(cql, values));
    }

    /** As {@link #executeBlocking(String, Object...)}, for a statement of the caller's. */
    public AsyncResultSet executeBlocking(final Statement<?> statement) {
        return await(executeAsync(statement));
    }

    /** {@code cql} prepared, for batches of bound statements; prepared once per text. */
    public Future<PreparedStatement> prepare(final String cql) {
        final Optional<Running> current = running.current();
        if (current.isEmpty()) {
            return Future.failedFuture(notRunning());
        }
        return future(prepare(current.get(), cql)
                .exceptionallyCompose(failure -> CompletableFuture.failedFuture(
                        Unavailable.translate(failure, current.get().target()))));
    }

    /** The keyspace statements run in. */
    public String keyspace() {
        return running.current().map(current -> current.target().keyspace()).orElse("");
    }

    Optional<Running> running() {
        return running.current();
    }

    void start(final Running started) {
        running.start(started);
    }

    /** Forgets the session and returns it, for the caller to close. */
    Optional<Running> stop() {
        prepared.clear();
        return running.stop();
    }

    private CassandraUnavailableException notRunning() {
        return new CassandraUnavailableException(running.whyNotRunning());
    }

    private CompletionStage<PreparedStatement> prepare(final Running current, final String cql) {
        final CompletionStage<PreparedStatement> known = prepared.get(cql);
        if (known != null) {
            return known;
        }
        final CompletionStage<PreparedStatement> preparing =
                current.session().prepareAsync(cql).toCompletableFuture();
        if (prepared.size() < PREPARED_LIMIT) {
            prepared.putIfAbsent(cql, preparing);
            // A failed preparation (Cassandra away) is not kept: the next call prepares again.
            preparing.whenComplete((statement, failure) -> {
                if (failure != null) {
                    prepared.remove(cql, preparing);
                }
            });
        }
        return preparing;
    }

    private static CompletionStage<AsyncResultSet> send(
            final Running current, final Statement<?> statement, final String cql, final Context caller) {
        final String verb = StatementVerb.of(cql);
        final boolean read = verb.equals("SELECT");
        final Statement<?> ready = statement.getConsistencyLevel() == null
                ? statement.setConsistencyLevel(
                        read
                                ? current.target().readConsistency()
                                : current.target().writeConsistency())
                : statement;
        final Optional<Span> span = current.spans().map(spans -> spans.start(cql, verb, caller));
        final long start = current.metrics().started();
        final CompletionStage<AsyncResultSet> sent;
        try {
            sent = current.session().executeAsync(ready);
        } catch (final RuntimeException e) {
            current.metrics().ended(start, read, CassandraMetrics.Outcome.ERROR);
            span.ifPresent(started -> StatementSpans.end(started, Optional.of(e)));
            return CompletableFuture.failedFuture(Unavailable.translate(e, current.target()));
        }
        return sent.handle((rows, failure) -> {
                    current.metrics()
                            .ended(
                                    start,
                                    read,
                                    failure == null
                                            ? CassandraMetrics.Outcome.SUCCESS
                                            : Unavailable.is(failure)
                                                    ? CassandraMetrics.Outcome.UNAVAILABLE
                                                    : CassandraMetrics.Outcome.ERROR);
                    span.ifPresent(started -> StatementSpans.end(started, Optional.ofNullable(failure)));
                    return failure;
                })
                .thenCompose(failure -> failure == null
                        ? sent
                        : CompletableFuture.failedFuture(Unavailable.translate(failure, current.target())));
    }

    /** The CQL of {@code statement}; of a batch, {@code BATCH} and its statements' CQL, separated by {@code ;}. */
    private static String text(final Statement<?> statement) {
        return switch (statement) {
            case SimpleStatement simple -> simple.getQuery();
            case BoundStatement bound -> bound.getPreparedStatement().getQuery();
            case BatchStatement batch -> {
                final StringJoiner texts = new StringJoiner("; ", "BATCH ", "");
                batch.forEach(inner -> texts.add(text(inner)));
                yield texts.toString();
            }
            default -> statement.getClass().getSimpleName();
        };
    }

    private AsyncResultSet await(final CompletionStage<AsyncResultSet> stage) {
        final long wait = running.current()
                .map(current -> current.target().requestTimeout().toMillis() * 2 + 1000)
                .orElse(1000L);
        try {
            return stage.toCompletableFuture().get(wait, TimeUnit.MILLISECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CassandraUnavailableException("interrupted while waiting for it", e);
        } catch (final TimeoutException e) {
            throw new CassandraUnavailableException("it did not answer within " + wait + " ms", e);
        } catch (final ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private static <T> Future<T> future(final CompletionStage<T> stage) {
        final io.vertx.core.Context context = Vertx.currentContext();
        return context == null ? Future.fromCompletionStage(stage) : Future.fromCompletionStage(stage, context);
    }
}
