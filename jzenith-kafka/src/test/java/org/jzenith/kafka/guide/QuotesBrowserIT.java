package org.jzenith.kafka.guide;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.test.browser.BrowserPage;
import org.jzenith.test.browser.HeadlessChromium;
import org.jzenith.test.services.PrivateKafka;

/**
 * The Quarkus Kafka guide end to end in a browser: the page's button requests quotes through the
 * resource's emitter, the processor answers each through the broker, and the page's {@code EventSource}
 * fills its table from the resource's {@code @Channel("quotes") Multi<Quote>}. Debian's Chromium,
 * headless; {@code scripts/chromium.sh} installs it when it is missing.
 */
class QuotesBrowserIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private JZenith app;

    @BeforeAll
    static void installChromium() throws IOException, InterruptedException {
        HeadlessChromium.ensureInstalled(
                Path.of("").toAbsolutePath().resolve("../scripts/chromium.sh").normalize());
    }

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
    }

    @Test
    void theButtonsRequestsComeBackIntoThePagesTableAsQuotes() throws Exception {
        final String suffix = UUID.randomUUID().toString().substring(0, 8);
        app = JZenith.application()
                .withPlugins(
                        KafkaPlugin.withConsumers(QuotesProcessor.class)
                                .withEmitter("quote-requests", String.class)
                                .withStream("quotes", Quote.class),
                        RestPlugin.withResources(QuotesStreamResource.class, QuotesPage.class))
                .withConfiguration("rest.port", 0)
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", "browser-" + suffix)
                .withConfiguration("kafka.channels.quote-requests.topic", "quote-requests-" + suffix)
                .withConfiguration("kafka.channels.requests.topic", "quote-requests-" + suffix)
                .withConfiguration("kafka.channels.quotes.topic", "quotes-" + suffix)
                .start();
        final int port = app.instance(RestServer.class).port();

        try (HeadlessChromium chromium = HeadlessChromium.start(Path.of("target"));
                BrowserPage page = chromium.page()) {
            page.navigate("http://127.0.0.1:" + port + "/");
            page.waitFor("source.readyState === EventSource.OPEN", "the page's EventSource open");
            for (int i = 0; i < 5; i++) {
                page.evaluate("document.getElementById('request-quote').click()");
            }
            final String prices = page.waitFor(
                    "document.querySelectorAll('#content tr').length >= 5 && Array.from("
                            + "document.querySelectorAll('#content tr td:nth-child(2)')).map(td => td.textContent)"
                            + ".join(',')",
                    "five quotes in the page's table");
            assertThat(prices.split(","))
                    .hasSizeGreaterThanOrEqualTo(5)
                    .allSatisfy(price -> assertThat(Integer.parseInt(price)).isBetween(0, 99));
        }
    }
}
