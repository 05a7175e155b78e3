package org.jzenith.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import io.opentelemetry.api.trace.Span;
import java.io.IOException;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.messaging.consumer.InboxMethods;
import org.jzenith.messaging.outbox.OutboxRelay;
import org.jzenith.messaging.outbox.OutboxWiring;

/**
 * The RabbitMQ plugin's sender of outbox events, which {@link OutboxWiring}'s relay sends through: to
 * the channel's exchange with the routing key an emitter of the channel would use, persistent where
 * the channel is durable, {@code mandatory}, with publisher confirms; the AMQP {@code message-id} and
 * the header {@code jzenith-event-id} are the event's id, so an {@code @Idempotent} consumer on either
 * broker knows a resent event. A send completes when the broker confirmed it.
 *
 * <p>It fails with {@link OutboxRelay.Refused}, so that the relay sets the event aside and the events
 * behind it flow, when the broker returned the event as unroutable or closed the channel with a code
 * another attempt does not change ({@link Refusals}: the exchange not found, access refused, too
 * large); plainly, so that the relay tries again, when the broker is away, blocks publishing, refused
 * with {@code basic.nack} or did not confirm within {@code rabbitmq.send-timeout}.
 *
 * <p>A returned message is known by its id, but a closed channel fails every publish awaiting its
 * confirm on it, the event that caused it and those sent after it. So the relay's events go through a
 * channel of their own, not the emitters' (whose sends a refused event would fail, and whose refusals
 * would set events aside), and after such a close the sender is careful for as many sends as the
 * close failed (the relay sends those again first, in their order): each is published only once no
 * other awaits its confirm, and waits for its own, so the one that closes the channel is the one
 * refused. Then publishes are pipelined again.
 *
 * <p>Such a close costs order, too: an event sent after the one that closed the channel may already
 * have gone out on the channel reopened while the events between them are sent again. So the commonest
 * cause, an exchange that does not exist, is found before anything is published to it: the first
 * event of each exchange (and the first after any close for good) checks it with a passive {@code
 * exchange.declare} on a short-lived channel of its own, and an event to a missing exchange is refused
 * without being published. Called by the relay's one thread; thread-safe.
 */
final class OutboxSender implements OutboxRelay.Sender {

    private final RabbitMqConfiguration configuration;
    private final Publisher publisher;
    private final RabbitMqTracing tracing;
    private final Map<String, ChannelSettings> channels = new ConcurrentHashMap<>();
    private final Connection connection;
    // The exchanges known to exist since the last close for good.
    private final Set<String> exchanges = ConcurrentHashMap.newKeySet();
    // Publishes awaiting their confirm.
    private final Set<CompletableFuture<Void>> unsettled = ConcurrentHashMap.newKeySet();
    // How many sends to come are careful: as many as a close failed without telling which of them it was for.
    private final AtomicInteger careful = new AtomicInteger();

    private OutboxSender(
            final RabbitMqConfiguration configuration,
            final Connection connection,
            final Publisher publisher,
            final RabbitMqTracing tracing) {
        this.configuration = configuration;
        this.connection = connection;
        this.publisher = publisher;
        this.tracing = tracing;
    }

    /** A sender on a channel of its own of {@code client}'s publishing connection, which must run. */
    static OutboxSender of(
            final RabbitMqConfiguration configuration, final RabbitMqClient client, final RabbitMqTracing tracing) {
        final RabbitMqClient.Running running = client.running().orElseThrow();
        return new OutboxSender(
                configuration,
                running.publishing(),
                new Publisher(running.publishing(), configuration.sendTimeout(), client::blocked),
                tracing);
    }

    @Override
    public CompletableFuture<Void> send(final OutboxRecord record) {
        final ChannelSettings settings =
                channels.computeIfAbsent(record.channel(), channel -> ChannelSettings.of(channel, configuration));
        final Optional<Throwable> missing = missingExchange(settings.exchange());
        if (missing.isPresent()) {
            return CompletableFuture.failedFuture(new OutboxRelay.Refused(missing.get()));
        }
        final String routingKey = settings.sendKey(record.key());
        final Map<String, Object> headers = new HashMap<>();
        headers.put(InboxMethods.EVENT_ID, record.eventId());
        final Span span = tracing.relay(settings.exchange(), routingKey, record.traceParent(), headers);
        final AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()
                .messageId(record.eventId())
                .deliveryMode(settings.durable() ? 2 : 1)
                .timestamp(Date.from(record.createdAt()))
                .headers(headers)
                .build();
        final boolean alone = careful.getAndUpdate(left -> Math.max(0, left - 1)) > 0;
        if (alone) {
            // Waits, on the relay's thread, until no other publish shares the channel with this one.
            settle(List.copyOf(unsettled));
        }
        final java.util.Optional<SendEvent> event = SendEvent.begin(record.channel(), settings.exchange(), routingKey);
        final CompletableFuture<Void> confirmed = publisher.publish(
                "channel '" + record.channel() + "' (from the outbox)",
                settings.exchange(),
                routingKey,
                properties,
                record.payload());
        event.ifPresent(recorded -> confirmed.whenComplete((ignored, failure) -> recorded.settle(failure)));
        unsettled.add(confirmed);
        confirmed.whenComplete((ignored, failure) -> unsettled.remove(confirmed));
        if (alone) {
            settle(List.of(confirmed));
        }
        final CompletableFuture<Void> sent = new CompletableFuture<>();
        confirmed.whenComplete((ignored, failure) -> {
            if (failure == null) {
                span.end();
                sent.complete(null);
            } else {
                RabbitMqTracing.fail(span, failure);
                sent.completeExceptionally(asRelaySees(failure, alone));
            }
        });
        return sent;
    }

    /**
     * The broker's refusal when {@code exchange} does not exist; empty when it does, or when the check
     * could not tell (the broker away: then the publish fails by itself, and the relay tries again).
     */
    private Optional<Throwable> missingExchange(final String exchange) {
        if (exchange.isEmpty() || exchanges.contains(exchange)) {
            return Optional.empty(); // the default exchange always exists
        }
        try (Channel check = connection.createChannel()) {
            check.exchangeDeclarePassive(exchange);
            exchanges.add(exchange);
            return Optional.empty();
        } catch (final IOException | TimeoutException | RuntimeException e) {
            final Throwable cause = e.getCause() instanceof ShutdownSignalException shutdown ? shutdown : e;
            return Refusals.closedForGood(cause) ? Optional.of(cause) : Optional.empty();
        }
    }

    /** Waits until each of {@code publishes} is confirmed or failed; each fails by itself after the send timeout. */
    private static void settle(final List<CompletableFuture<Void>> publishes) {
        try {
            CompletableFuture.allOf(publishes.toArray(CompletableFuture[]::new))
                    .handle((ignored, failure) -> null)
                    .get();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (final ExecutionException e) {
            // handled above: never thrown
        }
    }

    /**
     * {@code failure} as the relay sees it: {@link OutboxRelay.Refused} where sending the event again
     * cannot cure it and the refusal is surely this event's; as it is otherwise.
     */
    private Throwable asRelaySees(final Throwable failure, final boolean alone) {
        final Throwable cause =
                failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (Refusals.unroutable(cause)) {
            return new OutboxRelay.Refused(cause);
        }
        if (Refusals.closedForGood(cause)) {
            exchanges.clear(); // whatever closed the channel, check each exchange again
            if (alone) {
                return new OutboxRelay.Refused(cause);
            }
            careful.incrementAndGet();
        }
        return cause;
    }
}
