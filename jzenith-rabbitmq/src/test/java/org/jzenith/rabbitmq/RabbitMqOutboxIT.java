package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.GetResponse;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.JZenith;
import org.jzenith.core.outbox.Outbox;
import org.jzenith.jdbc.JdbcPlugin;
import org.jzenith.messaging.Idempotent;
import org.jzenith.test.Await;

/**
 * The outbox of the JDBC plugin's embedded H2 store relayed to the machine's RabbitMQ: what a committed
 * transaction published arrives on the channel's queue with the event's id as {@code message-id} and
 * {@code jzenith-event-id} and the publishing request's {@code traceparent}; a rolled-back one sends
 * nothing; an event no queue takes, or one to an exchange that does not exist, is set aside with its
 * error and the events behind it arrive; an {@code @Idempotent} consumer drops a copy of a relayed
 * event, and its inbox is purged.
 */
class RabbitMqOutboxIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String EVENTS = "events";
    private static final String LOST = "lost";
    private static final String APPLIED = "applied";

    @TempDir
    Path directory;

    private final Broker broker = new Broker();
    private final String queue = broker.unique("outbox");
    private final String nowhere = broker.unique("outbox-nowhere");
    private final String applied = broker.unique("outbox-applied");
    private final RecordingTracing tracing = new RecordingTracing();
    private final Received received = new Received();
    private JZenith app;

    /** What the idempotent consumer applied. */
    static final class Received {
        final List<String> bodies = new CopyOnWriteArrayList<>();
    }

    /** Applies each event once, known by its event id. */
    public static final class AppliedOnce {
        private final Received received;

        @Inject
        AppliedOnce(final Received received) {
            this.received = received;
        }

        @Incoming(APPLIED)
        @Idempotent
        void apply(final String body) {
            received.bodies.add(body);
        }
    }

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
        broker.close();
    }

    private void start(final Map<String, String> more) {
        JZenith application = JZenith.application()
                .withPlugins(
                        tracing,
                        JdbcPlugin.create().withOutbox(),
                        RabbitMqPlugin.withConsumers(AppliedOnce.class)
                                .withEmitter(EVENTS, String.class)
                                .withEmitter(LOST, String.class))
                .withModules(binder -> binder.bind(Received.class).toInstance(received))
                .withConfiguration("jdbc.embedded.directory", directory.toString())
                .withConfiguration("rabbitmq.host", Broker.HOST)
                .withConfiguration("rabbitmq.channels.events.exchange", queue)
                .withConfiguration("rabbitmq.channels.events.queue", queue)
                // an exchange no queue is bound to: the emitter declares it, nothing consumes it
                .withConfiguration("rabbitmq.channels.lost.exchange", nowhere)
                .withConfiguration("rabbitmq.channels.applied.exchange", applied)
                .withConfiguration("rabbitmq.channels.applied.queue", applied);
        for (final Map.Entry<String, String> setting : more.entrySet()) {
            application = application.withConfiguration(setting.getKey(), setting.getValue());
        }
        app = application.start();
    }

    private void publish(final String channel, final String key, final String event) {
        final Outbox outbox = app.instance(Outbox.class);
        app.instance(Jdbi.class).useTransaction(handle -> outbox.publish(channel, key, event));
    }

    @Test
    void committedEventsArriveWithTheirEventIdAsMessageIdAndTheRequestsTraceparent() {
        start(Map.of());
        final Span request = app.instance(OpenTelemetry.class)
                .getTracer("test")
                .spanBuilder("request")
                .startSpan();
        final Outbox outbox = app.instance(Outbox.class);
        final Scope scope = request.makeCurrent();
        try {
            app.instance(Jdbi.class).useTransaction(handle -> {
                outbox.publish(EVENTS, "k", "first");
                outbox.publish(EVENTS, "k", "second");
            });
        } finally {
            scope.close();
            request.end();
        }

        final List<GetResponse> messages = take(queue, 2);
        final List<String> eventIds = eventIds();
        assertThat(messages)
                .extracting(message -> new String(message.getBody(), StandardCharsets.UTF_8))
                .containsExactly("first", "second");
        assertThat(messages)
                .extracting(message -> message.getProps().getMessageId())
                .containsExactlyElementsOf(eventIds);
        assertThat(messages)
                .extracting(message -> header(message, "jzenith-event-id"))
                .containsExactlyElementsOf(eventIds);
        final String traceParent = "00-" + request.getSpanContext().getTraceId() + "-"
                + request.getSpanContext().getSpanId() + "-"
                + request.getSpanContext().getTraceFlags().asHex();
        assertThat(messages)
                .extracting(message -> header(message, "traceparent"))
                .containsOnly(traceParent);
        assertThat(messages).allSatisfy(message -> assertThat(message.getProps().getDeliveryMode())
                .as("persistent")
                .isEqualTo(2));

        Await.until(
                WAIT, "the relay's publish spans ended", () -> publishSpans().size() == 2);
        assertThat(publishSpans()).allSatisfy(span -> {
            assertThat(span.getKind()).isEqualTo(SpanKind.PRODUCER);
            assertThat(span.getTraceId()).isEqualTo(request.getSpanContext().getTraceId());
            assertThat(span.getParentSpanId())
                    .isEqualTo(request.getSpanContext().getSpanId());
            assertThat(span.getLinks())
                    .extracting(LinkData::getSpanContext)
                    .singleElement()
                    .satisfies(link -> assertThat(link.getSpanId())
                            .isEqualTo(request.getSpanContext().getSpanId()));
        });
        Await.until(WAIT, "both events marked sent", () -> pending() == 0);
        assertThat(counter("sent")).isEqualTo(2.0);
    }

    @Test
    void aRolledBackTransactionSendsNothing() {
        start(Map.of());
        final Outbox outbox = app.instance(Outbox.class);
        assertThatThrownBy(() -> app.instance(Jdbi.class).useTransaction(handle -> {
                    outbox.publish(EVENTS, "k", "rolled back");
                    throw new IllegalStateException("the business change failed");
                }))
                .hasMessageContaining("the business change failed");
        publish(EVENTS, "k", "committed");

        final List<GetResponse> messages = take(queue, 1);
        Await.until(WAIT, "the committed event marked sent", () -> pending() == 0);
        assertThat(messages)
                .extracting(message -> new String(message.getBody(), StandardCharsets.UTF_8))
                .containsExactly("committed");
        assertThat(broker.ready(queue)).as("nothing more on the queue").isZero();
        assertThat(eventIds()).hasSize(1);
    }

    @Test
    void anEventNoQueueTakesIsSetAsideWithItsErrorAndTheNextIsDelivered() {
        start(Map.of());
        publish(LOST, "k", "unroutable");
        publish(EVENTS, "k", "next");

        final List<GetResponse> messages = take(queue, 1);
        assertThat(new String(messages.getFirst().getBody(), StandardCharsets.UTF_8))
                .isEqualTo("next");
        Await.until(WAIT, "the unroutable event set aside", () -> counter("set_aside") == 1.0);
        assertThat(setAside()).singleElement().satisfies(row -> {
            assertThat(row.channel()).isEqualTo(LOST);
            assertThat(row.error()).contains("UnroutableException").contains("NO_ROUTE");
        });
        Await.until(WAIT, "nothing pending", () -> pending() == 0);
    }

    @Test
    void anEventToAnExchangeThatDoesNotExistIsSetAsideAndTheEventsAroundItAreDelivered() {
        start(Map.of());
        // A channel no plugin names: its exchange (the channel's name) was never declared, and the broker
        // closes the channel (404) for it, failing the events published beside it too.
        final String missing = "jzenith-test-missing-" + java.util.UUID.randomUUID();
        final Outbox outbox = app.instance(Outbox.class);
        app.instance(Jdbi.class).useTransaction(handle -> {
            outbox.publish(EVENTS, "k", "before");
            outbox.publish(missing, "k", "to no exchange");
            outbox.publish(EVENTS, "k", "after-1");
            outbox.publish(EVENTS, "k", "after-2");
        });

        Await.until(WAIT, "the event to no exchange set aside", () -> counter("set_aside") == 1.0);
        Await.until(WAIT, "the others sent", () -> pending() == 0);
        final List<String> bodies = new ArrayList<>();
        Optional<GetResponse> next;
        while ((next = broker.take(queue)).isPresent()) {
            bodies.add(new String(next.get().getBody(), StandardCharsets.UTF_8));
        }
        // The events before the close may come twice: at least once.
        assertThat(bodies).containsSubsequence("before", "after-1", "after-2").doesNotContain("to no exchange");
        assertThat(setAside()).singleElement().satisfies(row -> {
            assertThat(row.channel()).isEqualTo(missing);
            assertThat(row.error()).contains("404").contains("NOT_FOUND");
        });
    }

    @Test
    void anIdempotentConsumerAppliesARelayedEventOnceAndDropsItsCopy() {
        start(Map.of());
        publish(APPLIED, "k", "once");
        Await.until(WAIT, "the relayed event applied", () -> received.bodies.size() == 1);
        final String eventId = eventIds().getFirst();

        // A copy with the same event id, as a relay that crashed between the confirm and the mark sends.
        broker.publish(applied, "k", "once".getBytes(StandardCharsets.UTF_8), Map.of("jzenith-event-id", eventId));
        publish(APPLIED, "k", "twice");

        Await.until(WAIT, "the event after the copy applied", () -> received.bodies.contains("twice"));
        Await.until(WAIT, "all three deliveries processed", () -> processed(APPLIED) == 3.0);
        assertThat(received.bodies).containsExactly("once", "twice");
        assertThat(count("SELECT COUNT(*) FROM jzenith_inbox")).isEqualTo(2);
    }

    @Test
    void theInboxOfIdempotentConsumersIsPurgedAfterItsRetention() {
        start(Map.of("inbox.retention", "1s"));
        publish(APPLIED, "k", "kept a second");
        Await.until(WAIT, "the relayed event applied", () -> received.bodies.size() == 1);
        Await.until(WAIT, "its id purged from the inbox", () -> count("SELECT COUNT(*) FROM jzenith_inbox") == 0);
        final MeterRegistry registry = app.instance(MeterRegistry.class);
        Await.until(
                WAIT,
                "the purge counted",
                () -> registry.get("inbox_purged_total").counter().count() == 1.0);
    }

    /** {@code n} messages of {@code queue}, taken off it in its order, once it holds them. */
    private List<GetResponse> take(final String queue, final int n) {
        Await.until(WAIT, n + " messages on " + queue, () -> broker.ready(queue) >= n);
        final List<GetResponse> taken = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            taken.add(broker.take(queue).orElseThrow());
        }
        return taken;
    }

    private static String header(final GetResponse message, final String name) {
        final Object value = message.getProps().getHeaders().get(name);
        return value == null ? null : new String(RabbitMqInbound.bytes(value), StandardCharsets.UTF_8);
    }

    private List<SpanData> publishSpans() {
        return tracing.spans.stream()
                .filter(span -> span.getName().equals("publish " + queue))
                .toList();
    }

    private List<String> eventIds() {
        return app.instance(Jdbi.class)
                .withHandle(handle -> handle.createQuery("SELECT event_id FROM jzenith_outbox ORDER BY id")
                        .mapTo(String.class)
                        .list());
    }

    private long pending() {
        return count("SELECT COUNT(*) FROM jzenith_outbox WHERE sent_at IS NULL");
    }

    private long count(final String sql) {
        return app.instance(Jdbi.class)
                .withHandle(handle -> handle.createQuery(sql).mapTo(Long.class).one());
    }

    /** An event the relay set aside. */
    record SetAside(String channel, String error) {}

    private List<SetAside> setAside() {
        return app.instance(Jdbi.class)
                .withHandle(handle -> handle.createQuery("SELECT channel, error FROM jzenith_outbox_failed ORDER BY id")
                        .map((row, context) -> new SetAside(row.getString("channel"), row.getString("error")))
                        .list());
    }

    private double counter(final String outcome) {
        return app.instance(MeterRegistry.class)
                .get("outbox_records_total")
                .tag("outcome", outcome)
                .counter()
                .count();
    }

    private double processed(final String channel) {
        return app
                .instance(MeterRegistry.class)
                .find("rabbitmq_consumer_messages_total")
                .tags("channel", channel, "outcome", "processed")
                .counters()
                .stream()
                .mapToDouble(counter -> counter.count())
                .sum();
    }
}
