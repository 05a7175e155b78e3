package org.jzenith.kafka.guide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
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
 * A {@code @Channel MutinyEmitter<Double>} field, as the Quarkus Kafka guide injects it: every form of
 * sending reaches the broker, and the {@code Uni} forms end the request only once the broker confirmed.
 */
class MutinyEmitterIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private final PriceConsumer.Received received = new PriceConsumer.Received();
    private JZenith app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
    }

    @Test
    void everyFormOfSendingReachesTheConsumer() throws Exception {
        final String suffix = UUID.randomUUID().toString().substring(0, 8);
        app = JZenith.application()
                .withPlugins(
                        KafkaPlugin.withConsumers(PriceConsumer.class).withEmitter("prices", Double.class),
                        RestPlugin.withResources(PriceResource.class))
                .withModules(binder -> binder.bind(PriceConsumer.Received.class).toInstance(received))
                .withConfiguration("rest.port", 0)
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", "prices-" + suffix)
                .withConfiguration("kafka.channels.prices.topic", "prices-" + suffix)
                .start();
        final int port = app.instance(RestServer.class).port();
        final HttpClient http = HttpClient.newHttpClient();

        int price = 0;
        for (final String form : new String[] {"uni", "await", "forget", "message"}) {
            for (int i = 0; i < 5; i++) {
                price++;
                final HttpResponse<String> response = http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/prices/" + form + "/" + price))
                                .POST(HttpRequest.BodyPublishers.noBody())
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).as(form).isEqualTo(204);
            }
        }

        Await.until(Duration.ofSeconds(60), "all 20 prices consumed", () -> received.prices.size() == 20);
        assertThat(received.prices)
                .containsExactlyInAnyOrder(java.util.stream.IntStream.rangeClosed(1, 20)
                        .mapToObj(Double::valueOf)
                        .toArray(Double[]::new));
    }

    @Test
    void aMutinyEmitterOfAChannelWithoutEmitterStopsStartUpNamingTheDeclaration() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(
                                KafkaPlugin.withConsumers(PriceConsumer.class),
                                RestPlugin.withResources(PriceResource.class))
                        .withModules(binder ->
                                binder.bind(PriceConsumer.Received.class).toInstance(received))
                        .withConfiguration("rest.port", 0)
                        .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                        .withConfiguration("kafka.group-id", "prices-refused"),
                "PriceResource.emitter");
        assertThat(failure)
                .hasMessageContaining(
                        "PriceResource.emitter is @Channel(\"prices\") MutinyEmitter<Double>, but the"
                                + " channel has no emitter; declare it with KafkaPlugin...withEmitter(\"prices\", Double.class)");
    }
}
