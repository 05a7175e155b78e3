package org.jzenith.postgresql;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.pubsub.PgSubscriber;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wakes the relay when any instance commits outbox events: Vert.x's {@link PgSubscriber} {@code
 * LISTEN}s on {@value ReactiveOutbox#CHANNEL} on a connection of its own (outside the pool, so it
 * never takes a slot requests need) and calls {@code wake} for each notification of its schema. The
 * subscriber connects again by itself, with a backoff up to 5 s, and LISTENs again; each time it
 * does, {@code wake} runs once for what was committed while nothing listened. A first connect that
 * fails is tried again the same way. Every 5 s it checks the connection with {@code SELECT 1} and
 * closes one that does not answer, so a silent network loss ends in a reconnect too. Wakes run on an
 * event loop. Thread-safe.
 */
final class OutboxNotifications implements OutboxStore.Listening {

    /** The listener's {@code application_name}, in {@code pg_stat_activity}. */
    static final String APPLICATION_NAME = "jzenith-outbox-listen";

    private static final Logger LOG = LoggerFactory.getLogger(OutboxNotifications.class);
    private static final long FIRST_BACKOFF_MILLIS = 100;
    private static final long MAX_BACKOFF_MILLIS = 5_000;
    private static final Duration CHECK_EVERY = Duration.ofSeconds(5);

    private final Vertx vertx;
    private final PgSubscriber subscriber;
    private final Runnable wake;
    private final long checks;
    private volatile boolean running = true;
    private volatile boolean lost;
    // The listening connection's schema, once known; until then every notification wakes.
    private volatile String schema;

    private OutboxNotifications(final Vertx vertx, final PgConnectOptions options, final Runnable wake) {
        this.vertx = vertx;
        this.wake = wake;
        this.subscriber = PgSubscriber.subscriber(vertx, options).reconnectPolicy(this::reconnectAfter);
        subscriber
                .channel(ReactiveOutbox.CHANNEL)
                .subscribeHandler(ignored -> listening())
                .handler(this::notified);
        this.checks = vertx.setPeriodic(CHECK_EVERY.toMillis(), ignored -> check());
    }

    /**
     * {@code options} with the connection named {@code name} in {@code pg_stat_activity} and as the
     * {@code client_namespace} of its {@code vertx_sql_*} meters (the pool's name there would make
     * its gauges clash with the pool's).
     */
    static PgConnectOptions named(final PgConnectOptions options, final String name) {
        final Map<String, String> properties = new HashMap<>(options.getProperties());
        properties.put("application_name", name);
        options.setMetricsName(name);
        return options.setProperties(properties);
    }

    /** Listens through a connection made with {@code options} from now on, until closed. */
    static OutboxNotifications start(final Vertx vertx, final PgConnectOptions options, final Runnable wake) {
        final OutboxNotifications notifications = new OutboxNotifications(vertx, options, wake);
        notifications.connect(FIRST_BACKOFF_MILLIS);
        return notifications;
    }

    private void connect(final long backoff) {
        subscriber.connect().onFailure(failure -> {
            if (!running) {
                return;
            }
            lostListening(failure);
            vertx.setTimer(backoff, ignored -> {
                if (running) {
                    connect(Math.min(backoff * 2, MAX_BACKOFF_MILLIS));
                }
            });
        });
    }

    /** The subscriber's delay before its next attempt after a lost connection: never gives up. */
    private Long reconnectAfter(final Integer attempts) {
        if (attempts == 0) {
            lostListening(null);
        }
        return Math.min(FIRST_BACKOFF_MILLIS << Math.min(attempts, 6), MAX_BACKOFF_MILLIS);
    }

    private void lostListening(final Throwable failure) {
        if (!lost && running) {
            lost = true;
            LOG.warn(
                    "Listening for outbox commits failed{}; connecting again, and meanwhile the relay finds other"
                            + " instances' events every outbox.poll-interval",
                    failure == null ? ": the connection closed" : ": " + Failures.describe(failure));
        }
    }

    /** LISTEN took effect, first or again: learn the schema, and wake for what nobody heard meanwhile. */
    private void listening() {
        if (lost) {
            lost = false;
            LOG.info("Listening for outbox commits again (LISTEN {})", ReactiveOutbox.CHANNEL);
        }
        final PgConnection connection = subscriber.actualConnection();
        if (connection != null && schema == null) {
            connection
                    .query("SELECT " + ReactiveOutbox.SCHEMA)
                    .execute()
                    .onSuccess(rows -> schema = rows.iterator().next().getString(0));
        }
        wake.run();
    }

    private void notified(final String payload) {
        final String known = schema;
        if (known == null || known.equals(payload)) {
            wake.run();
        }
    }

    /** Closes a connection that does not answer {@code SELECT 1} in time; the subscriber reconnects. */
    private void check() {
        final PgConnection connection = subscriber.actualConnection();
        if (connection == null) {
            return;
        }
        connection
                .query("SELECT 1")
                .execute()
                .timeout(CHECK_EVERY.toMillis(), TimeUnit.MILLISECONDS)
                .onFailure(failure -> {
                    if (running) {
                        LOG.debug("The outbox's LISTEN connection does not answer: {}", Failures.describe(failure));
                        connection.close();
                    }
                });
    }

    @Override
    public void close() {
        running = false;
        vertx.cancelTimer(checks);
        final Future<Void> closed = subscriber.close();
        try {
            if (!Context.isOnEventLoopThread()) {
                closed.await(2, TimeUnit.SECONDS);
            }
        } catch (final Exception e) { // a timeout, or an interrupt Vert.x rethrows as it is
            LOG.debug("Closing the outbox's LISTEN connection failed", e);
        }
    }
}
