package org.jzenith.rest.internal.security;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import org.jzenith.core.security.IdentityStore;
import org.jzenith.core.security.VerifiedUser;
import org.jzenith.rest.internal.limits.Overloaded;
import org.jzenith.rest.internal.limits.Rejections;
import org.jzenith.rest.internal.limits.ReportThrottle;
import org.jzenith.rest.security.Authentication;
import org.jzenith.rest.security.Authenticator;
import org.jzenith.rest.security.Challenge;
import org.jzenith.rest.security.Identity;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code Authorization: Basic base64(name:password)} (RFC 7617), verified by an {@link
 * IdentityStore} on a virtual thread: the slow hash never runs on the event loop. At most {@code
 * concurrent} verifications run at once (a semaphore the virtual threads wait on); at most {@code
 * concurrent + waiting} are admitted at all, and a request beyond them is a 503 at once, so a flood
 * of guesses holds a bounded number of threads and passwords in memory. Refusals are counted in {@code
 * http.server.rejected{reason="sign-ins"}} and logged at WARN at most once a minute, each line saying
 * how many it stands for: a flood of guesses must not flood the log too. Thread-safe.
 */
public final class BasicAuthenticator implements Authenticator {

    private static final Logger LOG = LoggerFactory.getLogger(BasicAuthenticator.class);
    private static final Future<Authentication> ABSENT = Future.succeededFuture(Authentication.absent());
    private static final String PREFIX = "basic ";
    /** The tag of the refusals in {@code http.server.rejected}. */
    static final String REJECTED_REASON = "sign-ins";

    private static final Duration REPORT_INTERVAL = Duration.ofMinutes(1);
    // One stackless instance for every refusal: a flood of them allocates nothing.
    private static final Future<Authentication> BUSY =
            Future.failedFuture(new Overloaded("Too many sign-ins are being checked; try again shortly"));

    private final IdentityStore store;
    private final Challenge challenge;
    private final Semaphore verifying;
    private final int admitted;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Counter refused;
    private final ReportThrottle refusals = ReportThrottle.every(REPORT_INTERVAL);

    public BasicAuthenticator(
            final IdentityStore store,
            final String realm,
            final boolean charset,
            final int concurrent,
            final int waiting,
            final MeterRegistry registry) {
        this.store = store;
        final Challenge basic = Challenge.of("Basic").with("realm", realm);
        this.challenge = charset ? basic.with("charset", "UTF-8") : basic;
        this.verifying = new Semaphore(concurrent, true);
        this.admitted = concurrent + waiting;
        this.refused = Rejections.counter(registry, REJECTED_REASON);
    }

    @Override
    public String scheme() {
        return "Basic";
    }

    @Override
    public Challenge challenge() {
        return challenge;
    }

    @Override
    public Future<Authentication> authenticate(final HttpServerRequest request) {
        final String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization == null || !authorization.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            return ABSENT;
        }
        final Optional<Credentials> credentials =
                Credentials.decode(authorization.substring(PREFIX.length()).trim());
        if (credentials.isEmpty()) {
            return rejected("The Basic credentials are not the base64 of name:password");
        }
        if (inFlight.incrementAndGet() > admitted) {
            inFlight.decrementAndGet();
            credentials.get().clear();
            refused.increment();
            report(refusals.event());
            return BUSY;
        }
        // The flood is over: tell the refusals no report has told yet, once the interval allows.
        report(refusals.pending());
        final Context context = Vertx.currentContext();
        final Promise<Authentication> answer = Promise.promise();
        Thread.ofVirtual().name("jzenith-basic-auth").start(() -> {
            Future<Authentication> result;
            try {
                result = Future.succeededFuture(verify(credentials.get()));
            } catch (final Throwable failure) { // the store is away: a server fault, mapped as such
                result = Future.failedFuture(failure);
            } finally {
                credentials.get().clear();
                inFlight.decrementAndGet();
            }
            final Future<Authentication> done = result;
            if (context == null) {
                answer.handle(done);
            } else {
                context.runOnContext(ignored -> answer.handle(done));
            }
        });
        return answer.future();
    }

    private void report(final long refusedSinceLastReport) {
        if (refusedSinceLastReport == 0) {
            return;
        }
        LOG.warn(
                "{} with 503: the verifications were full, {} running or waiting (BasicAuthentication's"
                        + " withConcurrentVerifications plus withWaitingVerifications); refusals are counted in"
                        + " http.server.rejected{reason=\"" + REJECTED_REASON
                        + "\"} and logged at most once every {} s",
                refusedSinceLastReport == 1
                        ? "Refused a Basic sign-in"
                        : "Refused " + refusedSinceLastReport + " Basic sign-ins since the last report",
                admitted,
                REPORT_INTERVAL.toSeconds());
    }

    private Authentication verify(final Credentials credentials) throws InterruptedException {
        final Optional<VerifiedUser> user;
        verifying.acquire();
        try {
            user = store.verify(credentials.name(), credentials.password());
        } finally {
            verifying.release();
        }
        if (user.isEmpty()) {
            LOG.debug("A Basic sign-in was rejected: unknown name or wrong password");
            // The same words for both, so the answer does not tell which names exist.
            return Authentication.rejected(challenge, "The name or the password is not right");
        }
        return Authentication.of(Identity.of(user.get().name(), user.get().roles()));
    }

    private Future<Authentication> rejected(final String reason) {
        return Future.succeededFuture(Authentication.rejected(challenge, reason));
    }

    /** A name and a password, decoded as UTF-8 (RFC 7617's charset). */
    private record Credentials(String name, char[] password) {

        static Optional<Credentials> decode(final String encoded) {
            final byte[] bytes;
            try {
                bytes = Base64.getDecoder().decode(encoded);
            } catch (final IllegalArgumentException notBase64) {
                return Optional.empty();
            }
            final CharBuffer chars = StandardCharsets.UTF_8.decode(ByteBuffer.wrap(bytes));
            Arrays.fill(bytes, (byte) 0);
            int colon = -1;
            for (int i = chars.position(); i < chars.limit(); i++) {
                if (chars.get(i) == ':') {
                    colon = i;
                    break;
                }
            }
            if (colon <= chars.position()) { // no colon, or no name before it
                clear(chars);
                return Optional.empty();
            }
            final String name = chars.subSequence(0, colon - chars.position()).toString();
            final char[] password = new char[chars.limit() - colon - 1];
            chars.get(colon + 1, password);
            clear(chars);
            return Optional.of(new Credentials(name, password));
        }

        void clear() {
            Arrays.fill(password, '\0');
        }

        private static void clear(final CharBuffer chars) {
            if (chars.hasArray()) {
                Arrays.fill(chars.array(), '\0');
            }
        }
    }
}
