package org.jzenith.postgresql;

import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.io.IOException;
import java.net.UnknownHostException;
import java.util.Optional;
import org.jzenith.core.errors.Failures;

/**
 * Explains why the plugin could not connect at start-up, naming the configuration key to fix:
 * PostgreSQL's SQLSTATE tells a wrong password (28P01), a role that may not log in (28000, 42501) and
 * an unknown database (3D000) apart; a network failure points at the host and port.
 */
final class ConnectFailures {

    static final String INVALID_PASSWORD = "28P01";
    static final String INVALID_AUTHORIZATION = "28000";
    static final String INSUFFICIENT_PRIVILEGE = "42501";
    static final String INVALID_CATALOG_NAME = "3D000";

    private ConnectFailures() {}

    /** The message for {@code failure} of the first connection to {@code target}; never the password. */
    static String explain(final PostgresqlTarget target, final Throwable failure) {
        return "cannot connect to " + target.describe() + ": " + target.mask(Failures.describe(failure)) + "; "
                + fix(target, failure);
    }

    private static String fix(final PostgresqlTarget target, final Throwable failure) {
        final String user = target.options().getUser();
        final Optional<PgException> refused = cause(failure, PgException.class);
        if (refused.isPresent()) {
            final String state = String.valueOf(refused.get().getSqlState());
            switch (state) {
                case INVALID_PASSWORD -> {
                    return advice(target.passwordKey(), "password", "the password of the role '" + user + "'");
                }
                case INVALID_AUTHORIZATION, INSUFFICIENT_PRIVILEGE -> {
                    return advice(
                                    target.userKey(),
                                    "user",
                                    "a role that exists and may log in to '"
                                            + target.options().getDatabase() + "'")
                            + " (the server's pg_hba.conf decides who may connect from where)";
                }
                case INVALID_CATALOG_NAME -> {
                    return advice(target.databaseKey(), "database", "a database that exists")
                            + ", or create it: CREATE DATABASE "
                            + target.options().getDatabase();
                }
                default -> {
                    // below
                }
            }
            if (Unavailable.isServerUnavailable(refused.get())) {
                return "the server is starting, stopping or full; start again when it accepts connections";
            }
        }
        if (cause(failure, IOException.class).isPresent()
                || cause(failure, ClosedConnectionException.class).isPresent()) {
            final String unknownHost =
                    cause(failure, UnknownHostException.class).isPresent() ? "the host name does not resolve; " : "";
            return unknownHost + "check that PostgreSQL runs and accepts connections at "
                    + target.options().getHost() + ":" + target.options().getPort() + ", and "
                    + target.addressKeys();
        }
        return "check "
                + (target.url().isPresent()
                        ? PostgresqlTarget.URL + " and " + PostgresqlTarget.PASSWORD
                        : String.join(
                                ", ",
                                PostgresqlTarget.HOST,
                                PostgresqlTarget.PORT,
                                PostgresqlTarget.DATABASE,
                                PostgresqlTarget.USERNAME,
                                PostgresqlTarget.PASSWORD));
    }

    /** "set KEY to WHAT", or, for a part of the URL, "correct the PART in postgresql.url". */
    private static String advice(final String key, final String part, final String what) {
        return PostgresqlTarget.URL.equals(key)
                ? "correct the " + part + " in " + PostgresqlTarget.URL
                : "set " + key + " to " + what;
    }

    private static <T extends Throwable> Optional<T> cause(final Throwable failure, final Class<T> type) {
        int depth = 0;
        for (Throwable current = failure; current != null && depth < 8; current = current.getCause(), depth++) {
            if (type.isInstance(current)) {
                return Optional.of(type.cast(current));
            }
        }
        return Optional.empty();
    }
}
