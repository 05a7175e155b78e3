package org.jzenith.kafka.guide;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The Quarkus Kafka guide's page: a button that requests a quote, and a table the quotes stream fills. */
@Path("/")
public class QuotesPage {

    private static final String PAGE = """
            <!doctype html>
            <html><body>
            <button id="request-quote" onclick="fetch('/quotes/request', {method: 'POST'})">Request Quote</button>
            <table id="content"></table>
            <script>
              const source = new EventSource('/quotes');
              source.onmessage = event => {
                const quote = JSON.parse(event.data);
                const row = document.createElement('tr');
                row.innerHTML = '<td>' + quote.id + '</td><td>' + quote.price + '</td>';
                document.getElementById('content').appendChild(row);
              };
            </script>
            </body></html>
            """;

    @GET
    @Produces(MediaType.TEXT_HTML)
    public String page() {
        return PAGE;
    }
}
