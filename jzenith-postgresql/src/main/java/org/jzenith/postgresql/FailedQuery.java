package org.jzenith.postgresql;

import io.vertx.core.Future;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlResult;
import io.vertx.sqlclient.Tuple;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collector;

/**
 * A query whose every execution fails, for calls made while the plugin does not run: reactive code
 * gets a failed future, as when the database is away, rather than an exception thrown at it.
 * Immutable.
 */
record FailedQuery<T>(Supplier<? extends Throwable> failure) implements PreparedQuery<T> {

    @Override
    public Future<T> execute() {
        return Future.failedFuture(failure.get());
    }

    @Override
    public Future<T> execute(final Tuple tuple) {
        return execute();
    }

    @Override
    public Future<T> executeBatch(final List<Tuple> batch) {
        return execute();
    }

    @Override
    public <R> PreparedQuery<SqlResult<R>> collecting(final Collector<Row, ?, R> collector) {
        return new FailedQuery<>(failure);
    }

    @Override
    public <U> PreparedQuery<io.vertx.sqlclient.RowSet<U>> mapping(final Function<Row, U> mapper) {
        return new FailedQuery<>(failure);
    }
}
