import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The load of benchmarks/rolling.sh: a constant rate of requests to the user service behind HAProxy,
 * each request's outcome recorded, then every acknowledged write read back.
 *
 * <pre>
 * java benchmarks/harness/RollingLoad.java BASE_URL RATE POST_PERCENT STOP_FILE OUT_DIR
 * </pre>
 *
 * Open loop: request i is due at start + i / RATE whatever happened to the ones before, each on a
 * virtual thread of its own, and its latency counts from when it was due (so a stall shows in the
 * percentiles instead of slowing the load down). POST_PERCENT of them are {@code POST /users}, the
 * rest {@code GET /users/{id}} of a user created before. Runs until STOP_FILE exists, then writes
 * OUT_DIR/requests.csv (one line per request: due time in epoch ms, latency in µs, method, status
 * or the error) and reads every user whose POST was answered 201 with {@code GET /users/{id}},
 * writing OUT_DIR/verify.json: how many were acknowledged and how many of them are not readable.
 * A failure is any answer other than 200 to a GET or 201 to a POST, or no answer within 10 s.
 */
public final class RollingLoad {

    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-f-]{36})\"");
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** Beyond this many unanswered requests the generator counts the rest as failed rather than piling up threads. */
    private static final int MAX_IN_FLIGHT = 4000;
    /** Users created before the measured load, so that the first GETs have something to read. */
    private static final int SEED_USERS = 50;

    record Outcome(long dueEpochMillis, long latencyMicros, String method, String status) {}

    public static void main(final String... args) throws Exception {
        final URI base = URI.create(args[0]);
        final int rate = Integer.parseInt(args[1]);
        final int postPercent = Integer.parseInt(args[2]);
        final Path stopFile = Path.of(args[3]);
        final Path out = Path.of(args[4]);
        Files.createDirectories(out);

        final HttpClient http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2))
                .build();
        final Users users = new Users();
        for (int i = 0; i < SEED_USERS; i++) {
            final HttpResponse<String> created = http.send(post(base, "seed-" + i), HttpResponse.BodyHandlers.ofString());
            if (created.statusCode() != 201) {
                throw new IllegalStateException("the seed POST /users was answered " + created.statusCode() + ": " + created.body());
            }
            users.add(id(created.body()));
        }

        final ConcurrentLinkedQueue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
        final Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);
        final AtomicInteger names = new AtomicInteger();
        final long periodNanos = TimeUnit.SECONDS.toNanos(1) / rate;
        final long startNanos = System.nanoTime();
        final long startEpochMillis = System.currentTimeMillis();
        System.err.println("RollingLoad: " + rate + " requests/s, " + postPercent + "% POST, to " + base);
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (long i = 0; ; i++) {
                final long dueNanos = startNanos + i * periodNanos;
                final long wait = dueNanos - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
                if (i % rate == 0 && Files.exists(stopFile)) {
                    break;
                }
                final long dueEpochMillis = startEpochMillis + TimeUnit.NANOSECONDS.toMillis(dueNanos - startNanos);
                final boolean isPost = ThreadLocalRandom.current().nextInt(100) < postPercent;
                if (!inFlight.tryAcquire()) {
                    outcomes.add(new Outcome(dueEpochMillis, 0, isPost ? "POST" : "GET", "generator-overloaded"));
                    continue;
                }
                threads.execute(() -> {
                    try {
                        outcomes.add(isPost
                                ? create(http, base, users, "user-" + names.incrementAndGet(), dueNanos, dueEpochMillis)
                                : read(http, base, users.any(), dueNanos, dueEpochMillis));
                    } finally {
                        inFlight.release();
                    }
                });
            }
        } // waits for the requests in flight

        final List<Outcome> all = new ArrayList<>(outcomes);
        all.sort((a, b) -> Long.compare(a.dueEpochMillis(), b.dueEpochMillis()));
        try (PrintWriter csv = new PrintWriter(Files.newBufferedWriter(out.resolve("requests.csv"), StandardCharsets.UTF_8))) {
            csv.println("due_ms,latency_us,method,status");
            for (final Outcome o : all) {
                csv.println(o.dueEpochMillis() + "," + o.latencyMicros() + "," + o.method() + "," + o.status());
            }
        }

        // Every acknowledged write read back, a few at a time.
        final List<String> acknowledged = users.all();
        final ConcurrentLinkedQueue<String> lost = new ConcurrentLinkedQueue<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            final Semaphore parallel = new Semaphore(16);
            for (final String id : acknowledged) {
                parallel.acquire();
                threads.execute(() -> {
                    try {
                        final Outcome o = read(http, base, id, System.nanoTime(), System.currentTimeMillis());
                        if (!o.status().equals("200")) {
                            lost.add(id + " " + o.status());
                        }
                    } finally {
                        parallel.release();
                    }
                });
            }
        }
        final String lostJson = lost.stream().limit(20).map(l -> "\"" + l + "\"").reduce((a, b) -> a + "," + b).orElse("");
        Files.writeString(
                out.resolve("verify.json"),
                "{\"acknowledged\":" + acknowledged.size() + ",\"lost\":" + lost.size() + ",\"lost_examples\":[" + lostJson + "]}\n");
        System.err.println("RollingLoad: " + all.size() + " requests; " + acknowledged.size()
                + " acknowledged writes, " + lost.size() + " not readable");
    }

    private static Outcome create(
            final HttpClient http, final URI base, final Users users, final String name, final long dueNanos, final long dueEpochMillis) {
        try {
            final HttpResponse<String> response = http.send(post(base, name), HttpResponse.BodyHandlers.ofString());
            final long latency = micros(dueNanos);
            if (response.statusCode() == 201) {
                users.add(id(response.body()));
            }
            return new Outcome(dueEpochMillis, latency, "POST", Integer.toString(response.statusCode()));
        } catch (final IOException | RuntimeException e) {
            return new Outcome(dueEpochMillis, micros(dueNanos), "POST", error(e));
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(dueEpochMillis, micros(dueNanos), "POST", "interrupted");
        }
    }

    private static Outcome read(
            final HttpClient http, final URI base, final String id, final long dueNanos, final long dueEpochMillis) {
        final HttpRequest request = HttpRequest.newBuilder(base.resolve("/users/" + id))
                .timeout(TIMEOUT)
                .build();
        try {
            final HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Outcome(dueEpochMillis, micros(dueNanos), "GET", Integer.toString(response.statusCode()));
        } catch (final IOException | RuntimeException e) {
            return new Outcome(dueEpochMillis, micros(dueNanos), "GET", error(e));
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(dueEpochMillis, micros(dueNanos), "GET", "interrupted");
        }
    }

    private static HttpRequest post(final URI base, final String name) {
        return HttpRequest.newBuilder(base.resolve("/users"))
                .timeout(TIMEOUT)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\"}"))
                .build();
    }

    private static String id(final String body) {
        final Matcher matcher = ID.matcher(body);
        if (!matcher.find()) {
            throw new IllegalStateException("no id in the answer to POST /users: " + body);
        }
        return matcher.group(1);
    }

    private static long micros(final long sinceNanos) {
        return TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - sinceNanos);
    }

    /** The error's class name and message, without commas, for the CSV. */
    private static String error(final Throwable e) {
        final String message = e.getMessage() == null ? "" : ": " + e.getMessage();
        return (e.getClass().getSimpleName() + message).replace(',', ' ').replace('\n', ' ');
    }

    /** The ids of the users acknowledged so far; GETs pick any of them. */
    private static final class Users {
        private final List<String> ids = new ArrayList<>();

        synchronized void add(final String id) {
            ids.add(id);
        }

        synchronized String any() {
            return ids.get(ThreadLocalRandom.current().nextInt(ids.size()));
        }

        synchronized List<String> all() {
            return List.copyOf(ids);
        }
    }
}
