import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * An open loop of {@code POST /users} at a fixed rate over a few kept-alive connections, for the paced
 * phase of benchmarks/outbox.sh: light enough to share a CPU with PostgreSQL and the broker (plain
 * sockets, no HTTP client library), and honest about stalls (each request's latency counts from when
 * it was due, however late a connection was free to send it).
 *
 * <pre>
 * java benchmarks/harness/PacedPosts.java BASE_URL RATE CONNECTIONS SECONDS OUT_CSV
 * </pre>
 *
 * Request i is due at start + i / RATE; each of CONNECTIONS virtual threads takes the next due
 * request, waits until it is due, sends it and reads the answer. Runs SECONDS, then writes OUT_CSV:
 * one line per request, due time (epoch ms), latency (µs, from the due time), method and status (or
 * the error).
 */
public final class PacedPosts {

    record Outcome(long dueEpochMillis, long latencyMicros, String status) {}

    public static void main(final String... args) throws Exception {
        final URI base = URI.create(args[0]);
        final int rate = Integer.parseInt(args[1]);
        final int connections = Integer.parseInt(args[2]);
        final long seconds = Long.parseLong(args[3]);
        final Path out = Path.of(args[4]);

        final long periodNanos = TimeUnit.SECONDS.toNanos(1) / rate;
        final long total = rate * seconds;
        final long startNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
        final long startEpochMillis = System.currentTimeMillis() + 100;
        final AtomicLong next = new AtomicLong();
        final ConcurrentLinkedQueue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
        final byte[] body = "{\"name\":\"Benchmark User\"}".getBytes(StandardCharsets.UTF_8);
        final byte[] request = ("POST /users HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                        + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n"
                        + new String(body, StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.UTF_8);
        final List<Thread> lanes = new ArrayList<>();
        for (int lane = 0; lane < connections; lane++) {
            lanes.add(Thread.ofVirtual().start(() -> {
                Connection connection = null;
                for (long i = next.getAndIncrement(); i < total; i = next.getAndIncrement()) {
                    final long due = startNanos + i * periodNanos;
                    final long wait = due - System.nanoTime();
                    if (wait > 0) {
                        LockSupport.parkNanos(wait);
                    }
                    final long dueEpochMillis = startEpochMillis + TimeUnit.NANOSECONDS.toMillis(due - startNanos);
                    String status;
                    try {
                        if (connection == null) {
                            connection = new Connection(base);
                        }
                        status = Integer.toString(connection.exchange(request));
                        if (connection.closing) {
                            connection.close();
                            connection = null;
                        }
                    } catch (final IOException | RuntimeException e) {
                        status = e.getClass().getSimpleName();
                        if (connection != null) {
                            connection.close();
                            connection = null;
                        }
                    }
                    outcomes.add(new Outcome(
                            dueEpochMillis, TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - due), status));
                }
                if (connection != null) {
                    connection.close();
                }
            }));
        }
        for (final Thread lane : lanes) {
            lane.join();
        }
        final List<Outcome> all = new ArrayList<>(outcomes);
        all.sort((a, b) -> Long.compare(a.dueEpochMillis(), b.dueEpochMillis()));
        try (PrintWriter csv = new PrintWriter(Files.newBufferedWriter(out, StandardCharsets.UTF_8))) {
            csv.println("due_ms,latency_us,method,status");
            for (final Outcome o : all) {
                csv.println(o.dueEpochMillis() + "," + o.latencyMicros() + ",POST," + o.status());
            }
        }
        System.err.println("PacedPosts: " + all.size() + " requests at " + rate + "/s over " + connections
                + " connections, " + all.stream().filter(o -> o.status().equals("201")).count() + " answered 201");
    }

    /** One kept-alive HTTP/1.1 connection: a request out, its answer's status read and its body skipped. */
    private static final class Connection {

        private final Socket socket;
        private final OutputStream output;
        private final InputStream input;
        /** Whether the server said it closes the connection after this answer. */
        boolean closing;

        Connection(final URI base) throws IOException {
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(10_000);
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 2_000);
            output = socket.getOutputStream();
            input = new BufferedInputStream(socket.getInputStream());
        }

        int exchange(final byte[] request) throws IOException {
            output.write(request);
            output.flush();
            final String statusLine = line();
            final int status = Integer.parseInt(statusLine.split(" ")[1]);
            long length = 0;
            for (String header = line(); !header.isEmpty(); header = line()) {
                final int colon = header.indexOf(':');
                final String name = header.substring(0, colon).trim();
                final String value = header.substring(colon + 1).trim();
                if (name.equalsIgnoreCase("content-length")) {
                    length = Long.parseLong(value);
                } else if (name.equalsIgnoreCase("connection") && value.equalsIgnoreCase("close")) {
                    closing = true;
                } else if (name.equalsIgnoreCase("transfer-encoding")) {
                    throw new IOException("a chunked answer, which this client does not read");
                }
            }
            for (long skipped = 0; skipped < length; ) {
                final long n = input.skip(length - skipped);
                if (n <= 0) {
                    if (input.read() < 0) {
                        throw new IOException("the answer ended early");
                    }
                    skipped++;
                } else {
                    skipped += n;
                }
            }
            return status;
        }

        private String line() throws IOException {
            final StringBuilder line = new StringBuilder();
            for (int c = input.read(); c != '\n'; c = input.read()) {
                if (c < 0) {
                    throw new IOException("the connection closed");
                }
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return line.toString();
        }

        void close() {
            try {
                socket.close();
            } catch (final IOException e) {
                // gone already
            }
        }
    }
}
