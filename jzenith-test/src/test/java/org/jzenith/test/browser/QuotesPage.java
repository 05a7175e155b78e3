package org.jzenith.test.browser;

import io.reactivex.rxjava3.core.Flowable;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A page that listens to server-sent events with the browser's {@code EventSource}, written as a web
 * page would be, and the streams it listens to: three quotes, and an endless ticker.
 */
@Path("/")
public class QuotesPage {

    /** A quote, sent as JSON. */
    public record Quote(String symbol, int cents) {}

    /** How many tickers were cancelled because their browser left. */
    static final AtomicInteger TICKERS_CANCELLED = new AtomicInteger();

    private static final String PAGE = """
            <!doctype html>
            <html><body>
            <ul id="quotes"></ul>
            <p id="ticks">0</p>
            <script>
              const quotes = new EventSource('/quotes');
              quotes.onmessage = event => {
                const quote = JSON.parse(event.data);
                const item = document.createElement('li');
                item.textContent = quote.symbol + ' ' + quote.cents;
                document.getElementById('quotes').appendChild(item);
              };
              // The stream ends after three quotes; EventSource would reconnect, this page does not.
              quotes.onerror = () => quotes.close();
              const ticks = new EventSource('/ticks');
              ticks.onmessage = event => { document.getElementById('ticks').textContent = event.data; };
            </script>
            </body></html>
            """;

    @GET
    @Produces(MediaType.TEXT_HTML)
    public String page() {
        return PAGE;
    }

    @GET
    @Path("/quotes")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public Flowable<Quote> quotes() {
        return Flowable.just(new Quote("ACME", 1250), new Quote("INIT", 99), new Quote("ZENI", 4200));
    }

    @GET
    @Path("/ticks")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public Flowable<Long> ticks() {
        return Flowable.interval(50, TimeUnit.MILLISECONDS).doOnCancel(TICKERS_CANCELLED::incrementAndGet);
    }
}
