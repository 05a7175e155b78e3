package org.jzenith.kafka.guide;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * A service written as the SmallRye and Quarkus Kafka guides write it, with no jZenith annotation in
 * its messaging classes: a resource sends requests through an emitter field without {@code @Inject},
 * a processor's returned {@link Quote} is the next message, and a consumer takes the quotes. Every
 * request's quote arrives, through a real broker.
 */
class QuotesGuideIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(3);

    private static final Duration WAIT = Duration.ofSeconds(60);

    /**
     * For the records sent to topics the test has just created: as long as the producer itself retries
     * a record (delivery.timeout.ms, 120 s), and 10 s more. A busy machine's broker once answered
     * NOT_LEADER_OR_FOLLOWER for one new partition for more than 60 s; the sends then went on retrying.
     */
    private static final Duration DELIVERY = Duration.ofSeconds(130);

    private final QuotesConsumer.Received received = new QuotesConsumer.Received();
    private JZenith app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
    }

    @Test
    void everyRequestSentFromTheResourceComesBackAsAQuoteFromTheProcessor() throws Exception {
        final String suffix = UUID.randomUUID().toString().substring(0, 8);
        createTopics("quote-requests-" + suffix, "quotes-" + suffix);
        app = JZenith.application()
                .withPlugins(
                        KafkaPlugin.withConsumers(QuotesProcessor.class, QuotesConsumer.class)
                                .withEmitter("quote-requests", String.class),
                        RestPlugin.withResources(QuotesResource.class))
                .withModules(
                        binder -> binder.bind(QuotesConsumer.Received.class).toInstance(received))
                .withConfiguration("rest.port", 0)
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", "quotes-" + suffix)
                // the resource's channel and the processor's read one topic, as in the guide's two services
                .withConfiguration("kafka.channels.quote-requests.topic", "quote-requests-" + suffix)
                .withConfiguration("kafka.channels.requests.topic", "quote-requests-" + suffix)
                .withConfiguration("kafka.channels.quotes.topic", "quotes-" + suffix)
                .start();
        final int port = app.instance(RestServer.class).port();
        final HttpClient http = HttpClient.newHttpClient();

        final List<String> ids = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            final HttpResponse<String> response = http.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/quotes/request"))
                            .POST(HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            ids.add(response.body());
        }

        try {
            Await.until(DELIVERY, "a quote for each of the 20 requests", () -> received.quotes
                    .keySet()
                    .containsAll(ids));
        } catch (final AssertionError e) {
            // which requests went missing, so that the log can be searched for them (and for a failed send)
            throw new AssertionError(
                    e.getMessage() + "; no quote for "
                            + ids.stream()
                                    .filter(id -> !received.quotes.containsKey(id))
                                    .toList(),
                    e);
        }
        assertThat(received.quotes.values())
                .allSatisfy(quote -> assertThat(quote.price()).isBetween(0, 99));
    }

    @Test
    void theQuotesChannelStreamsToEveryBrowserAsServerSentEvents() throws Exception {
        final String suffix = UUID.randomUUID().toString().substring(0, 8);
        createTopics("quote-requests-" + suffix, "quotes-" + suffix);
        app = JZenith.application()
                .withPlugins(
                        KafkaPlugin.withConsumers(QuotesProcessor.class)
                                .withEmitter("quote-requests", String.class)
                                .withStream("quotes", Quote.class),
                        RestPlugin.withResources(QuotesStreamResource.class))
                .withConfiguration("rest.port", 0)
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", "quotes-" + suffix)
                .withConfiguration("kafka.channels.quote-requests.topic", "quote-requests-" + suffix)
                .withConfiguration("kafka.channels.requests.topic", "quote-requests-" + suffix)
                .withConfiguration("kafka.channels.quotes.topic", "quotes-" + suffix)
                .start();
        final int port = app.instance(RestServer.class).port();
        final HttpClient http = HttpClient.newHttpClient();
        // Two browsers watch the stream before any quote is asked for: each sees every quote.
        final List<EventReader> browsers = List.of(EventReader.open(http, port), EventReader.open(http, port));
        Await.until(WAIT, "both browsers subscribed", () -> browsers.stream().allMatch(EventReader::connected));

        final List<String> ids = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ids.add(http.send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/quotes/request"))
                                    .POST(HttpRequest.BodyPublishers.noBody())
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body());
        }

        for (final EventReader browser : browsers) {
            Await.until(DELIVERY, "an event for each of the 10 requests", () -> ids.stream()
                    .allMatch(id -> browser.events().stream().anyMatch(event -> event.contains(id))));
            assertThat(browser.events())
                    .allSatisfy(event ->
                            assertThat(event).startsWith("data: {\"id\":\"").contains("\"price\":"));
        }
        browsers.forEach(EventReader::close);
    }

    /**
     * Creates the test's topics and waits until each partition has a leader, before the service sends:
     * a topic created by the first send raced its own creation on a busy machine in CI (the broker answered
     * NOT_LEADER_OR_FOLLOWER for more than 130 s while it had appended the batches, and the retries then
     * failed as out of order).
     */
    private static void createTopics(final String... names) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
            admin.createTopics(java.util.Arrays.stream(names)
                            .map(name -> new NewTopic(name, 3, (short) 1))
                            .toList())
                    .all()
                    .get(30, TimeUnit.SECONDS);
            Await.until(
                    WAIT, "a leader for every partition of " + List.of(names), () -> everyPartitionLed(admin, names));
        }
    }

    private static boolean everyPartitionLed(final Admin admin, final String... names) {
        try {
            return admin.describeTopics(List.of(names)).allTopicNames().get(10, TimeUnit.SECONDS).values().stream()
                    .allMatch(topic -> topic.partitions().stream().allMatch(partition -> partition.leader() != null));
        } catch (final java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return false; // not described yet: asked again
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** A browser's EventSource, as far as the test needs one: the data lines of a GET /quotes response. */
    private static final class EventReader {
        private final List<String> events = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final java.util.concurrent.CompletableFuture<HttpResponse<java.util.stream.Stream<String>>> response;
        private volatile boolean connected;

        private EventReader(final HttpClient http, final int port) {
            response = http.sendAsync(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/quotes"))
                            .header("Accept", "text/event-stream")
                            .build(),
                    HttpResponse.BodyHandlers.ofLines());
            response.thenAccept(answer -> {
                assertThat(answer.statusCode()).isEqualTo(200);
                connected = true;
                Thread.ofVirtual().start(() -> {
                    try {
                        answer.body().filter(line -> line.startsWith("data:")).forEach(events::add);
                    } catch (final java.io.UncheckedIOException closed) {
                        // close() ends the stream this thread reads: the browser went away
                    }
                });
            });
        }

        static EventReader open(final HttpClient http, final int port) {
            return new EventReader(http, port);
        }

        boolean connected() {
            return connected;
        }

        List<String> events() {
            return events;
        }

        void close() {
            response.thenAccept(answer -> answer.body().close());
        }
    }
}
