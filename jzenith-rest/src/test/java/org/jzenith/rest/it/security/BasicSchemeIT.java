package org.jzenith.rest.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.AbstractModule;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.security.IdentityStore;
import org.jzenith.core.security.VerifiedUser;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.security.BasicAuthentication;

/**
 * The Basic scheme against a store that shows where and how often it is asked: verification runs on
 * a virtual thread, at most one at a time here, one more may wait, and the next is refused at once.
 */
class BasicSchemeIT {

    /** Holds every verification until released, so the bound can be seen without timing. */
    private static final AtomicReference<CountDownLatch> GATE = new AtomicReference<>(new CountDownLatch(0));

    /** Counted down when a verification has started, so a test waits for that rather than polling. */
    private static final AtomicReference<CountDownLatch> STARTED = new AtomicReference<>(new CountDownLatch(0));

    private static final AtomicInteger RUNNING = new AtomicInteger();
    private static final AtomicInteger MOST_RUNNING = new AtomicInteger();
    private static final AtomicReference<Thread> VERIFIED_ON = new AtomicReference<>();

    private static final IdentityStore STORE = (name, password) -> {
        VERIFIED_ON.set(Thread.currentThread());
        MOST_RUNNING.accumulateAndGet(RUNNING.incrementAndGet(), Math::max);
        STARTED.get().countDown();
        try {
            GATE.get().await(10, TimeUnit.SECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            RUNNING.decrementAndGet();
        }
        return "ada".equals(name) && "secret".equals(new String(password))
                ? Optional.of(VerifiedUser.of("ada", Set.of("reader")))
                : Optional.empty();
    };

    private static JZenith app;
    private static URI base;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        app = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(SecuredResource.class))
                .withModules(
                        BasicAuthentication.realm("tests")
                                .withConcurrentVerifications(1)
                                .withWaitingVerifications(1),
                        new AbstractModule() {
                            @Override
                            protected void configure() {
                                bind(IdentityStore.class).toInstance(STORE);
                            }
                        })
                .start();
        base = URI.create("http://127.0.0.1:" + app.instance(RestServer.class).port());
    }

    @AfterAll
    static void stop() {
        app.stop();
    }

    private static CompletableFuture<HttpResponse<String>> get(final String path, final String name) {
        final String credentials =
                Base64.getEncoder().encodeToString((name + ":secret").getBytes(StandardCharsets.UTF_8));
        return CLIENT.sendAsync(
                HttpRequest.newBuilder(base.resolve(path))
                        .header("Authorization", "Basic " + credentials)
                        .timeout(Duration.ofSeconds(15))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void thePasswordIsVerifiedOnAVirtualThreadNotTheEventLoop() {
        final HttpResponse<String> response = get("/secured/readers", "ada").join();

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(VERIFIED_ON.get().isVirtual()).isTrue();
        assertThat(VERIFIED_ON.get().getName()).doesNotContain("eventloop");
    }

    @Test
    void oneVerificationRunsOneWaitsAndTheNextIsRefusedAtOnce() throws Exception {
        final CountDownLatch gate = new CountDownLatch(1);
        GATE.set(gate);
        final CountDownLatch started = new CountDownLatch(1);
        STARTED.set(started);
        try {
            final CompletableFuture<HttpResponse<String>> first = get("/secured/readers", "ada");
            awaitRunning(started);
            final CompletableFuture<HttpResponse<String>> second = get("/secured/readers", "ada");
            final CompletableFuture<HttpResponse<String>> third = get("/secured/readers", "ada");
            // Whichever arrives first waits for the permit; the other is beyond the bound and refused at once.
            CompletableFuture.anyOf(second, third).get(5, TimeUnit.SECONDS);
            final CompletableFuture<HttpResponse<String>> refused = second.isDone() ? second : third;
            final CompletableFuture<HttpResponse<String>> waiting = refused == second ? third : second;

            assertThat(refused.get().statusCode()).isEqualTo(503);
            assertThat(refused.get().headers().firstValue("Retry-After")).contains("1");
            assertThat(refused.get().body()).contains("Too many sign-ins").doesNotContain("Exception");
            assertThat(first.isDone()).as("the first is still being verified").isFalse();
            assertThat(waiting.isDone()).as("the second waits for the first").isFalse();
            gate.countDown();
            assertThat(first.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            assertThat(waiting.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            assertThat(MOST_RUNNING.get())
                    .as("never more than one verification at once")
                    .isEqualTo(1);
        } finally {
            gate.countDown();
            GATE.set(new CountDownLatch(0));
        }
    }

    private static void awaitRunning(final CountDownLatch started) throws InterruptedException {
        assertThat(started.await(2, TimeUnit.SECONDS))
                .as("a verification started")
                .isTrue();
        assertThat(RUNNING.get()).isEqualTo(1);
    }
}
