package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ConnectTimeoutException;
import io.vertx.core.Promise;
import io.vertx.core.VertxException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.jzenith.core.errors.ExceptionMapping;

class UnavailableTest {

    private static final List<ExceptionMapping> MAPPINGS = Unavailable.mappings();

    @Test
    void theServerBeingAwayIs503() {
        assertThat(status(new ConnectException("Connection refused"))).contains(503);
        assertThat(status(new ConnectTimeoutException("connection timed out"))).contains(503);
        assertThat(status(ClosedConnectionException.INSTANCE)).contains(503);
        assertThat(status(new SocketException("Connection reset"))).contains(503);
        assertThat(status(VertxException.noStackTrace("Pool closed")))
                .as("the plugin has stopped")
                .contains(503);
    }

    @Test
    void theServerShuttingDownOrStartingIs503() {
        for (final String state : List.of("57P01", "57P02", "57P03", "53300", "08006", "08001")) {
            assertThat(status(new PgException("FATAL", "FATAL", state, null)))
                    .as(state)
                    .contains(503);
        }
    }

    @Test
    void waitingForAConnectionInVainIs503() {
        assertThat(status(new VertxException(Unavailable.POOL_TIMEOUT, true))).contains(503);
        assertThat(status(VertxException.noStackTrace("Connection is not active now, current status: CLOSED")))
                .contains(503);
        assertThat(status(VertxException.noStackTrace(
                        "Pending requests failed to be sent due to connection has been closed.")))
                .contains(503);
        // The pool fails a transaction's connection request with Completable.fail("Timeout").
        final Promise<Void> acquire = Promise.promise();
        acquire.fail(Unavailable.ACQUIRE_TIMEOUT);
        assertThat(status(acquire.future().cause()))
                .as("a connection for a transaction waited in vain")
                .contains(503);
        assertThat(status(new ConnectionPoolTooBusyException("Connection pool reached max wait queue size of 1")))
                .contains(503);
    }

    @Test
    void queryErrorsAreNot503() {
        assertThat(status(new PgException("ERROR: duplicate key", "ERROR", "23505", null)))
                .isEmpty();
        assertThat(status(new PgException("ERROR: syntax error", "ERROR", "42601", null)))
                .isEmpty();
        assertThat(status(new VertxException("something else"))).isEmpty();
        assertThat(status(new VertxException("Timeout of the application's own")))
                .as("only the pool's bare 'Timeout'")
                .isEmpty();
        assertThat(status(new IOException("disk full"))).isEmpty();
    }

    private static Optional<Integer> status(final Throwable failure) {
        return MAPPINGS.stream()
                .filter(mapping -> mapping.matches(failure))
                .map(ExceptionMapping::status)
                .findFirst();
    }
}
