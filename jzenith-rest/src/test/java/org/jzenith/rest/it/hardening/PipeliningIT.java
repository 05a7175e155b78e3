package org.jzenith.rest.it.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Served;

/**
 * HTTP/1.1 pipelining (RFC 9112 §9.3.2): a client may send many requests on one connection before
 * reading any answer, and the server answers each, in order. Netty 4.2.18's WebSocket extension
 * handler, which Vert.x put on every connection, refused more than 128 requests in flight: the 129th
 * and every one after it reset the connection and logged a WARN each, so TechEmpower-style clients
 * and proxies that pipeline got nothing back.
 */
class PipeliningIT {

    private static final int DEPTH = 20_000;
    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.1 (\\d{3}) ");
    private static final ByteArrayOutputStream LOG = new ByteArrayOutputStream();
    private static PrintStream originalErr;
    private static Served served;

    @BeforeAll
    static void start() {
        originalErr = System.err;
        System.setErr(new PrintStream(new TeeStream(originalErr, LOG), true, StandardCharsets.UTF_8));
        served = Served.start(RestPlugin.withResources(Echo.class));
    }

    @AfterAll
    static void stop() {
        served.close();
        System.setErr(originalErr);
    }

    @Test
    void everyPipelinedRequestToAResourceIsAnsweredInOrder() {
        assertThat(pipeline("/echo")).hasSize(DEPTH).containsOnly(200);
        assertThat(LOG.toString(StandardCharsets.UTF_8)).doesNotContain("WARN").doesNotContain("ERROR");
    }

    @Test
    void everyPipelinedRequestToAPluginRouteIsAnswered() {
        assertThat(pipeline("/health/live")).hasSize(DEPTH).containsOnly(200);
        assertThat(LOG.toString(StandardCharsets.UTF_8)).doesNotContain("WARN").doesNotContain("ERROR");
    }

    @Test
    void everyPipelinedRequestToNoRouteIsAnswered404() {
        assertThat(pipeline("/nothing-here")).hasSize(DEPTH).containsOnly(404);
        assertThat(LOG.toString(StandardCharsets.UTF_8)).doesNotContain("WARN").doesNotContain("ERROR");
    }

    @Test
    void answersKeepTheOrderOfTheirRequests() {
        // Alternating routes whose answers differ: any reordering shows as a 404 out of place.
        final StringBuilder requests = new StringBuilder();
        for (int i = 0; i < 1_000; i++) {
            requests.append(request(i % 2 == 0 ? "/echo" : "/nothing-here"));
        }
        final List<Integer> statuses = exchange(requests.toString(), 1_000);
        for (int i = 0; i < statuses.size(); i++) {
            assertThat(statuses.get(i)).as("answer %d", i).isEqualTo(i % 2 == 0 ? 200 : 404);
        }
        assertThat(statuses).hasSize(1_000);
    }

    @Test
    void aClientThatResetsWithRequestsStillQueuedLeavesNoWarning() throws Exception {
        // Vert.x 5.0 hands a connection's reset to the queued request too, whose response does not
        // exist yet: a NullPointerException Netty logged at WARN, once per such connection (wrk does
        // this at the end of every pipelined run).
        for (int connection = 0; connection < 20; connection++) {
            try (Socket socket = new Socket("127.0.0.1", served.port())) {
                socket.setSoLinger(true, 0); // close = reset
                socket.setSoTimeout(30_000);
                socket.getOutputStream().write(request("/echo").repeat(2_000).getBytes(StandardCharsets.ISO_8859_1));
                socket.getOutputStream().flush();
                // At least one answer (one read may carry several), so the rest are queued behind it.
                assertThat(readStatuses(socket.getInputStream(), 1))
                        .isNotEmpty()
                        .containsOnly(200);
            }
        }
        // The resets are handled on the event loop after the sockets closed; a pipeline after them
        // is answered behind them.
        assertThat(pipeline("/echo")).hasSize(DEPTH).containsOnly(200);
        assertThat(LOG.toString(StandardCharsets.UTF_8))
                .doesNotContain("WARN")
                .doesNotContain("ERROR")
                .doesNotContain("NullPointerException");
    }

    private static List<Integer> pipeline(final String path) {
        return exchange(request(path).repeat(DEPTH), DEPTH);
    }

    private static String request(final String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: test\r\n\r\n";
    }

    /**
     * Writes all requests from one thread while this one reads, as a pipelining client does: the
     * server stops reading while its answers are not read, so one thread doing both would stall.
     */
    private static List<Integer> exchange(final String requests, final int expected) {
        try (Socket socket = new Socket("127.0.0.1", served.port())) {
            socket.setSoTimeout(30_000);
            final OutputStream out = socket.getOutputStream();
            final CompletableFuture<Void> written = CompletableFuture.runAsync(() -> {
                try {
                    out.write(requests.getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                } catch (final IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            final List<Integer> statuses = readStatuses(socket.getInputStream(), expected);
            written.join();
            return statuses;
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads until {@code expected} status lines came, the server closed, or it went quiet. */
    private static List<Integer> readStatuses(final InputStream in, final int expected) {
        final List<Integer> statuses = new ArrayList<>();
        final StringBuilder pending = new StringBuilder();
        final byte[] buffer = new byte[65_536];
        try {
            while (statuses.size() < expected) {
                final int n = in.read(buffer);
                if (n < 0) {
                    break;
                }
                pending.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
                final Matcher matcher = STATUS_LINE.matcher(pending);
                int consumed = 0;
                while (matcher.find()) {
                    statuses.add(Integer.parseInt(matcher.group(1)));
                    consumed = matcher.end();
                }
                pending.delete(0, consumed);
            }
        } catch (final IOException closedOrQuiet) {
            // what came before is the answer: the assertions say what is missing
        }
        return statuses;
    }
}
