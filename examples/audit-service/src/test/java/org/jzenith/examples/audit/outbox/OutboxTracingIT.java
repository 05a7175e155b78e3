package org.jzenith.examples.audit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.examples.audit.AuditServiceApplication;
import org.jzenith.examples.users.UserServiceApplication;
import org.jzenith.examples.users.UserServiceConfiguration;
import org.jzenith.opentelemetry.OpenTelemetryPlugin;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.OtlpReceiver;
import org.jzenith.test.ReceivedSpan;
import org.jzenith.test.TestResponse;
import org.jzenith.test.services.PrivateKafka;

/**
 * One trace from {@code POST /users} through the outbox to the audit service's consumer, both services
 * traced and exporting to one OTLP receiver: the user service's relay sends the event later, on a
 * thread of its own, in a {@code send} span that is a child of the request's span (the context the
 * outbox row kept) and links to it; the record carries that context unchanged in {@code traceparent},
 * and the audit service's {@code process} span and its statements continue the same trace.
 */
class OutboxTracingIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e0b17";
    private static final String CALLER = "00f067aa0ba902b7";
    private static final OtlpReceiver RECEIVER = OtlpReceiver.start();

    @RegisterExtension
    @Order(1)
    static final PrivateKafka KAFKA = PrivateKafka.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension AUDIT = traced(JZenithExtension.of(OutboxTracingIT::tracedAudit)
            .withConfiguration("kafka.bootstrap-servers", KAFKA::bootstrapServers)
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder("audit-traced-h2")));

    @RegisterExtension
    @Order(3)
    static final JZenithExtension USERS = traced(JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("user.events", "outbox")
            .withConfiguration("kafka.bootstrap-servers", KAFKA::bootstrapServers)
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder("users-traced-h2")));

    private static JZenithExtension traced(final JZenithExtension app) {
        return app.withConfiguration("otel.sdk.disabled", "false")
                .withConfiguration("otel.exporter.otlp.endpoint", RECEIVER::httpEndpoint)
                .withConfiguration("otel.bsp.schedule.delay", "20");
    }

    /** The audit service with the tracing plugin the user service has (its distribution does not trace). */
    private static JZenith tracedAudit(final String... args) {
        return AuditServiceApplication.application(args)
                .withConfigurationMappings(UserServiceConfiguration.class)
                .withPlugins(OpenTelemetryPlugin.forService("audit-service"));
    }

    @AfterAll
    static void closeReceiver() {
        RECEIVER.close();
    }

    @Test
    void oneTraceRunsFromThePostThroughTheRelayToTheConsumer() {
        final TestResponse created = USERS.client()
                .post("/users", Map.of("name", "Grace Hopper"), "traceparent", "00-" + TRACE + "-" + CALLER + "-01");
        assertThat(created.status()).as(created.body()).isEqualTo(201);

        final List<ReceivedSpan> spans = RECEIVER
                .awaitSpans(
                        // Each service exports in batches on its own schedule: any of the spans may come
                        // last, so the wait is for all of them.
                        received -> inTrace(received).stream()
                                        .anyMatch(span -> span.name().equals("process users.events")
                                                && inTrace(received).stream().anyMatch(client -> client.parentSpanId()
                                                        .equals(span.spanId())))
                                && inTrace(received).stream()
                                        .anyMatch(span ->
                                                span.name().equals("send users.events") && span.statusCode() != 2)
                                && inTrace(received).stream()
                                        .anyMatch(span -> span.name().equals("POST /users")),
                        WAIT)
                .stream()
                .filter(span -> span.traceId().equals(TRACE))
                .toList();

        final ReceivedSpan post = one(spans, "POST /users", "SERVER");
        assertThat(post.serviceName()).isEqualTo("user-service");
        assertThat(post.parentSpanId()).isEqualTo(CALLER);

        // An attempt the broker refused (a slow topic creation on a loaded machine) would be a span of its
        // own, marked failed: the acknowledged send is the one.
        final ReceivedSpan send =
                one(spans.stream().filter(span -> span.statusCode() != 2).toList(), "send users.events", "PRODUCER");
        assertThat(send.serviceName()).as("sent by the user service's relay").isEqualTo("user-service");
        assertThat(send.parentSpanId()).as("a child of the publishing request").isEqualTo(post.spanId());
        assertThat(send.links())
                .as("linked to the event's creation context, as the messaging conventions ask")
                .containsExactly(new ReceivedSpan.Link(TRACE, post.spanId()));
        assertThat(send.attributes())
                .containsEntry("messaging.system", "kafka")
                .containsEntry("messaging.destination.name", "users.events")
                .containsEntry("messaging.operation.type", "send");

        final ReceivedSpan process = one(spans, "process users.events", "CONSUMER");
        assertThat(process.serviceName()).isEqualTo("audit-service");
        assertThat(process.parentSpanId())
                .as("the consumer continues the creation context the record carries")
                .isEqualTo(post.spanId());
        assertThat(spans)
                .as("the audit service's statements are children of its process span")
                .anySatisfy(span -> {
                    assertThat(span.kind()).isEqualTo("CLIENT");
                    assertThat(span.serviceName()).isEqualTo("audit-service");
                    assertThat(span.parentSpanId()).isEqualTo(process.spanId());
                });

        assertThat(traceparentAtTheBroker())
                .as("the record's header is the creation context, unchanged")
                .contains("00-" + TRACE + "-" + post.spanId() + "-01");
    }

    private static List<ReceivedSpan> inTrace(final List<ReceivedSpan> spans) {
        return spans.stream().filter(span -> span.traceId().equals(TRACE)).toList();
    }

    private static ReceivedSpan one(final List<ReceivedSpan> spans, final String name, final String kind) {
        final List<ReceivedSpan> named =
                spans.stream().filter(span -> span.name().equals(name)).toList();
        assertThat(named).as("spans named %s in the trace: %s", name, spans).hasSize(1);
        assertThat(named.getFirst().kind()).isEqualTo(kind);
        return named.getFirst();
    }

    /** The {@code traceparent} header of the one record on the topic. */
    private static Optional<String> traceparentAtTheBroker() {
        final Properties settings = new Properties();
        settings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers());
        settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(settings, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            final List<TopicPartition> partitions = consumer.partitionsFor(OutboxChecks.TOPIC).stream()
                    .map(info -> new TopicPartition(OutboxChecks.TOPIC, info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            final long deadline = System.nanoTime() + WAIT.toNanos();
            while (System.nanoTime() < deadline) {
                for (final ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    final Header header = record.headers().lastHeader("traceparent");
                    return Optional.ofNullable(header).map(found -> new String(found.value(), StandardCharsets.UTF_8));
                }
            }
            return Optional.empty();
        }
    }

    private static Path temporaryFolder(final String name) {
        try {
            return Files.createTempDirectory(name);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
