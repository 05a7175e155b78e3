package org.jzenith.rest.it.hardening;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Eventually;
import org.jzenith.rest.it.Served;

/**
 * A burst past the limits: what is over {@code rest.limits.max-in-flight} waits in the queue, what
 * is over the queue is answered 503 with Retry-After at once, and the server serves fully again
 * when the burst is over.
 */
class OverloadIT {

    @Test
    void aBurstPastTheLimitsGets503sAndTheServerRecovers() {
        Gate.open = new CountDownLatch(1);
        try (Served served = Served.start(
                RestPlugin.withResources(Gate.class),
                "--rest.limits.max-in-flight=10",
                "--rest.limits.max-queued=10",
                "--rest.limits.queue-timeout=30s")) {
            final List<CompletableFuture<HttpResponse<String>>> burst = new ArrayList<>();
            IntStream.range(0, 50)
                    .forEach(i -> burst.add(CompletableFuture.supplyAsync(
                            () -> served.http().get("/gate"), Thread::startVirtualThread)));
            // 30 are refused at once, while 10 are served and 10 wait.
            Eventually.until(
                    Duration.ofSeconds(10),
                    "30 requests were refused",
                    () -> burst.stream().filter(CompletableFuture::isDone).count() == 30);
            assertThat(Gate.WAITING.get()).isEqualTo(10);
            final List<HttpResponse<String>> refused = burst.stream()
                    .filter(CompletableFuture::isDone)
                    .map(CompletableFuture::join)
                    .toList();
            assertThat(refused).allSatisfy(response -> {
                assertThat(response.statusCode()).isEqualTo(503);
                assertThat(response.headers().firstValue("Retry-After")).contains("1");
                assertThat(response.body()).contains("The server is busy");
            });
            final String metrics = served.http().get("/metrics").body();
            assertThat(metrics)
                    .contains("http_server_rejected_total{reason=\"queue full\"} 30.0")
                    .contains("http_server_requests_queued 10.0")
                    .contains("http_server_requests_active 10.0");

            Gate.open.countDown();
            assertThat(burst.stream().map(CompletableFuture::join).filter(r -> r.statusCode() == 200))
                    .hasSize(20);
            Eventually.until(
                    Duration.ofSeconds(5),
                    "no request is in flight",
                    () -> served.http().get("/metrics").body().contains("http_server_requests_active 0.0"));
            // Recovered: a burst within the limits is served whole.
            final List<CompletableFuture<HttpResponse<String>>> after = IntStream.range(0, 20)
                    .mapToObj(i ->
                            CompletableFuture.supplyAsync(() -> served.http().get("/gate"), Thread::startVirtualThread))
                    .toList();
            assertThat(after.stream().map(CompletableFuture::join).map(HttpResponse::statusCode))
                    .containsOnly(200);
        } finally {
            Gate.open.countDown();
        }
    }

    @Test
    void aRequestThatWaitsTooLongIsAnswered503() {
        Gate.open = new CountDownLatch(1);
        try (Served served = Served.start(
                RestPlugin.withResources(Gate.class),
                "--rest.limits.max-in-flight=1",
                "--rest.limits.max-queued=5",
                "--rest.limits.queue-timeout=300ms")) {
            final CompletableFuture<HttpResponse<String>> first =
                    CompletableFuture.supplyAsync(() -> served.http().get("/gate"), Thread::startVirtualThread);
            Eventually.until(Duration.ofSeconds(5), "the first request is in", () -> Gate.WAITING.get() == 1);
            final HttpResponse<String> second = served.http().get("/gate");
            assertThat(second.statusCode()).isEqualTo(503);
            assertThat(second.body()).contains("waited too long");
            assertThat(served.http().get("/metrics").body())
                    .contains("http_server_rejected_total{reason=\"queue timeout\"} 1.0");
            Gate.open.countDown();
            assertThat(first.join().statusCode()).isEqualTo(200);
        } finally {
            Gate.open.countDown();
        }
    }

    @Test
    void healthAnswersWhileResourcesAreFull() {
        Gate.open = new CountDownLatch(1);
        try (Served served = Served.start(
                RestPlugin.withResources(Gate.class), "--rest.limits.max-in-flight=1", "--rest.limits.max-queued=0")) {
            final CompletableFuture<HttpResponse<String>> held =
                    CompletableFuture.supplyAsync(() -> served.http().get("/gate"), Thread::startVirtualThread);
            Eventually.until(Duration.ofSeconds(5), "the request is in", () -> Gate.WAITING.get() == 1);
            assertThat(served.http().get("/gate").statusCode()).isEqualTo(503);
            assertThat(served.http().get("/health").statusCode()).isEqualTo(200);
            Gate.open.countDown();
            assertThat(held.join().statusCode()).isEqualTo(200);
        } finally {
            Gate.open.countDown();
        }
    }

    @Test
    void connectionsPastTheCapAreClosed() throws IOException {
        Gate.open = new CountDownLatch(0);
        try (Served served = Served.start(RestPlugin.withResources(Gate.class), "--rest.limits.max-connections=2");
                Socket first = new Socket("127.0.0.1", served.port());
                Socket second = new Socket("127.0.0.1", served.port())) {
            // Each answered once, so that both are surely counted before the third comes.
            for (final Socket socket : List.of(first, second)) {
                socket.setSoTimeout(500);
                socket.getOutputStream()
                        .write("GET /gate HTTP/1.1\r\nHost: t\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                assertThat(RawHttp.read(socket.getInputStream()).status()).isEqualTo(200);
            }
            final RawHttp third = RawHttp.exchange(served.port(), "GET /gate HTTP/1.1\r\nHost: t\r\n\r\n", 2000);
            assertThat(third.closed()).isTrue();
            assertThat(third.status()).isZero();
        }
    }

    @Test
    void aClosedConnectionFreesItsPlace() throws IOException {
        Gate.open = new CountDownLatch(0);
        try (Served served = Served.start(RestPlugin.withResources(Gate.class), "--rest.limits.max-connections=1")) {
            try (Socket only = new Socket("127.0.0.1", served.port())) {
                only.setSoTimeout(500);
                only.getOutputStream()
                        .write("GET /gate HTTP/1.1\r\nHost: t\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                assertThat(RawHttp.read(only.getInputStream()).status()).isEqualTo(200);
                assertThat(RawHttp.exchange(served.port(), "GET /gate HTTP/1.1\r\nHost: t\r\n\r\n", 2000)
                                .closed())
                        .isTrue();
            }
            Eventually.until(
                    Duration.ofSeconds(5),
                    "a new connection is served",
                    () -> RawHttp.exchange(
                                            served.port(),
                                            "GET /gate HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
                                            2000)
                                    .status()
                            == 200);
        }
    }
}
