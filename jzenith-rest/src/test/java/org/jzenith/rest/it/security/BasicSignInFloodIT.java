package org.jzenith.rest.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.AbstractModule;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.security.IdentityStore;
import org.jzenith.core.security.VerifiedUser;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.it.hardening.TeeStream;
import org.jzenith.rest.security.BasicAuthentication;

/**
 * A flood of sign-ins while the verifications are full: every one is answered 503 with {@code
 * Retry-After} and counted, and the log gets one line for the lot, not one per refusal (an attack
 * would otherwise fill the disk with them).
 */
class BasicSignInFloodIT {

    private static final int FLOOD = 200;
    private static final CountDownLatch GATE = new CountDownLatch(1);
    private static final AtomicInteger RUNNING = new AtomicInteger();
    /** Counted down by the first verification, for the test to wait on instead of polling. */
    private static final CountDownLatch STARTED = new CountDownLatch(1);

    /** Holds every verification until the gate opens, so the bound stays full without timing. */
    private static final IdentityStore STORE = (name, password) -> {
        RUNNING.incrementAndGet();
        STARTED.countDown();
        try {
            GATE.await(30, TimeUnit.SECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Optional.of(VerifiedUser.of(name, Set.of("reader")));
    };

    private static final ByteArrayOutputStream LOG = new ByteArrayOutputStream();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static PrintStream originalErr;
    private static JZenith app;
    private static URI base;

    @BeforeAll
    static void start() {
        // slf4j-simple writes to System.err: capture it, to count the lines the flood logs.
        originalErr = System.err;
        System.setErr(new PrintStream(new TeeStream(originalErr, LOG), true, StandardCharsets.UTF_8));
        app = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(SecuredResource.class))
                .withModules(
                        BasicAuthentication.realm("tests")
                                .withConcurrentVerifications(1)
                                .withWaitingVerifications(0),
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
        GATE.countDown();
        app.stop();
        System.setErr(originalErr);
    }

    private static CompletableFuture<HttpResponse<String>> signIn(final String name) {
        final String credentials =
                Base64.getEncoder().encodeToString((name + ":guess").getBytes(StandardCharsets.UTF_8));
        return CLIENT.sendAsync(
                HttpRequest.newBuilder(base.resolve("/secured/readers"))
                        .header("Authorization", "Basic " + credentials)
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aFloodOfRefusedSignInsIsAnswered503AndCountedAndLoggedOnce() throws Exception {
        // One verification runs and none may wait: the bound is full until the gate opens.
        final CompletableFuture<HttpResponse<String>> running = signIn("ada");
        awaitRunning();

        final List<HttpResponse<String>> refused =
                IntStream.range(0, FLOOD).mapToObj(i -> signIn("mallory" + i)).toList().stream()
                        .map(CompletableFuture::join)
                        .toList();

        assertThat(refused).extracting(HttpResponse::statusCode).containsOnly(503);
        assertThat(refused.getFirst().headers().firstValue("Retry-After")).contains("1");
        assertThat(refused.getFirst().body()).contains("Too many sign-ins").doesNotContain("Exception");
        final List<String> warnings = LOG.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(line -> line.contains("WARN"))
                .toList();
        assertThat(warnings)
                .as("one line for the first refusal, the others counted until the next report")
                .singleElement()
                .asString()
                .contains("Refused a Basic sign-in with 503: the verifications were full, 1 running or waiting")
                .contains("http.server.rejected{reason=\"sign-ins\"}")
                .contains("logged at most once every 60 s");
        assertThat(app.instance(MeterRegistry.class)
                        .get("http.server.rejected")
                        .tag("reason", "sign-ins")
                        .counter()
                        .count())
                .isEqualTo(FLOOD);

        GATE.countDown();
        assertThat(running.get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        assertThat(signIn("ada").get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    }

    private static void awaitRunning() throws InterruptedException {
        assertThat(STARTED.await(5, TimeUnit.SECONDS))
                .as("a verification started")
                .isTrue();
        assertThat(RUNNING.get()).isEqualTo(1);
    }
}
