package org.jzenith.rabbitmq;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.Recoverable;
import com.rabbitmq.client.RecoveryListener;
import com.rabbitmq.client.ShutdownSignalException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugin's connection while it runs, and whether it is lost: the client recovers a lost
 * connection by itself (channels, consumers and declared topology too), and until it has, this says
 * why it was lost, for the health check. Thread-safe.
 */
final class RabbitMqClient {

    private static final Logger LOG = LoggerFactory.getLogger(RabbitMqClient.class);

    /**
     * The running connections: one for consuming (and declaring), one for publishing, as RabbitMQ
     * advises, so that a broker that blocks publishers (a resource alarm) does not hold back the
     * consumers' acknowledgements.
     *
     * @param connection consumes and declares, recovering by itself
     * @param publishing publishes, recovering by itself
     * @param publisher publishes with confirms on {@code publishing}
     * @param server where they connect to, its password masked
     */
    record Running(Connection connection, Connection publishing, Publisher publisher, String server) {}

    private final AtomicReference<Optional<Running>> running = new AtomicReference<>(Optional.empty());
    private final AtomicReference<Optional<String>> lostConsuming = new AtomicReference<>(Optional.empty());
    private final AtomicReference<Optional<String>> lostPublishing = new AtomicReference<>(Optional.empty());
    private final AtomicReference<Optional<String>> blocked = new AtomicReference<>(Optional.empty());
    private final AtomicReference<java.util.List<QueueConsumer>> consumers = new AtomicReference<>(java.util.List.of());

    /** Starts watching {@code started}'s connections, which from now on are the running ones. */
    void start(final Running started) {
        watch(started.connection(), lostConsuming, started.server());
        watch(started.publishing(), lostPublishing, started.server());
        // A broker short of memory or disk blocks publishing connections (connection.blocked): sends
        // fail at once meanwhile rather than hang in the client's socket write.
        started.publishing()
                .addBlockedListener(
                        reason -> {
                            blocked.set(Optional.of(reason));
                            LOG.warn("RabbitMQ at {} blocks publishing: {}", started.server(), reason);
                        },
                        () -> {
                            blocked.set(Optional.empty());
                            LOG.info("RabbitMQ at {} takes messages again", started.server());
                        });
        running.set(Optional.of(started));
    }

    /** Keeps in {@code lost} why {@code connection} is lost, until the client has recovered it. */
    private static void watch(
            final Connection connection, final AtomicReference<Optional<String>> lost, final String server) {
        connection.addShutdownListener(cause -> {
            if (!cause.isInitiatedByApplication()) {
                final String why = describe(cause);
                lost.set(Optional.of(why));
                LOG.warn(
                        "The connection {} to RabbitMQ at {} was lost ({}); recovering",
                        connection.getClientProvidedName(),
                        server,
                        why);
            }
        });
        if (connection instanceof Recoverable recoverable) {
            recoverable.addRecoveryListener(new RecoveryListener() {
                @Override
                public void handleRecovery(final Recoverable recovered) {
                    lost.set(Optional.empty());
                    LOG.info(
                            "The connection {} to RabbitMQ at {} is recovered",
                            connection.getClientProvidedName(),
                            server);
                }

                @Override
                public void handleRecoveryStarted(final Recoverable recovering) {
                    // the shutdown listener said why already
                }
            });
        }
    }

    /** The running connection, if the plugin runs. */
    Optional<Running> running() {
        return running.get();
    }

    /** Why a connection is lost while the client recovers it; empty while both are up. */
    Optional<String> lost() {
        return lostConsuming.get().or(lostPublishing::get);
    }

    /** Why the broker blocks publishing (a resource alarm), while it does. */
    Optional<String> blocked() {
        return blocked.get();
    }

    /** The consumers of the channels, once they run. */
    void consumers(final java.util.List<QueueConsumer> started) {
        consumers.set(java.util.List.copyOf(started));
    }

    /** The consumers of the channels; empty once stopping. */
    java.util.List<QueueConsumer> consumers() {
        return consumers.get();
    }

    /** Why the broker cancelled a channel's consumer, if it cancelled one. */
    Optional<String> cancelled() {
        return consumers.get().stream()
                .map(QueueConsumer::cancelled)
                .flatMap(Optional::stream)
                .findFirst();
    }

    /** Stops: the running connection, for the caller to close. */
    Optional<Running> stop() {
        consumers.set(java.util.List.of());
        return running.getAndSet(Optional.empty());
    }

    /** The broker's reason, or the exception's: {@code connection error: Connection reset}. */
    static String describe(final ShutdownSignalException cause) {
        if (cause.getReason() instanceof com.rabbitmq.client.AMQP.Connection.Close close) {
            return close.getReplyCode() + " " + close.getReplyText();
        }
        if (cause.getReason() instanceof com.rabbitmq.client.AMQP.Channel.Close close) {
            return close.getReplyCode() + " " + close.getReplyText();
        }
        final Throwable underlying = cause.getCause();
        return underlying == null
                ? cause.getMessage()
                : underlying.getClass().getSimpleName() + ": " + underlying.getMessage();
    }
}
