package org.jzenith.test.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;

/**
 * A browser's {@code EventSource} receives the events of a stream a resource method returns for {@code
 * text/event-stream}, each as it comes, and the stream is cancelled when the browser leaves the page.
 * Debian's Chromium, headless; {@code scripts/chromium.sh} installs it when it is missing.
 */
class EventSourceBrowserIT {

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(
            args -> JZenith.application(args).withPlugins(RestPlugin.withResources(QuotesPage.class)));

    @BeforeAll
    static void installChromium() throws IOException, InterruptedException {
        HeadlessChromium.ensureInstalled(
                Path.of("").toAbsolutePath().resolve("../scripts/chromium.sh").normalize());
    }

    @Test
    void theEventsReachThePageAndLeavingItCancelsTheStream() throws Exception {
        final int cancelledBefore = QuotesPage.TICKERS_CANCELLED.get();
        try (HeadlessChromium chromium = HeadlessChromium.start(Path.of("target"));
                BrowserPage page = chromium.page()) {
            page.navigate(APP.client().baseUri() + "/");

            final String quotes = page.waitFor(
                    "document.querySelectorAll('#quotes li').length === 3"
                            + " && Array.from(document.querySelectorAll('#quotes li')).map(li => li.textContent).join(',')",
                    "three quotes in the page");
            final String ticks = page.waitFor(
                    "Number(document.getElementById('ticks').textContent) >= 3"
                            + " && document.getElementById('ticks').textContent",
                    "a ticker that went on");

            assertThat(quotes).isEqualTo("ACME 1250,INIT 99,ZENI 4200");
            assertThat(Long.parseLong(ticks)).isGreaterThanOrEqualTo(3);
            assertThat(QuotesPage.TICKERS_CANCELLED.get()).isEqualTo(cancelledBefore);

            page.navigate("about:blank");
            Await.until(
                    Duration.ofSeconds(10),
                    "the ticker cancelled after the browser left the page",
                    () -> QuotesPage.TICKERS_CANCELLED.get() == cancelledBefore + 1);
        }
    }
}
