package org.jzenith.jwt.internal;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The keys of a JSON Web Key Set at a URL, fetched with Vert.x's non-blocking HTTP client: at
 * start, every refresh interval, and for a token with an unknown {@code kid} (at most once per
 * minimum interval, so that made-up key ids cannot make the service fetch for every request). A
 * failed fetch keeps the keys there were. Thread-safe: the keys are read through a volatile field;
 * fetches are started under this object's lock, one at a time.
 */
public final class JwksKeys implements VerifyingKeys {

    private static final Logger LOG = LoggerFactory.getLogger(JwksKeys.class);

    private final Vertx vertx;
    private final HttpClient client;
    private final URI url;
    private final Duration timeout;
    private final Duration minInterval;

    private volatile KeySet current;
    /** Why the last fetch failed; empty when it succeeded. */
    private volatile Optional<String> lastFailure = Optional.empty();

    private Optional<Future<KeySet>> inFlight = Optional.empty(); // guarded by this
    private long lastFetchStarted; // System.nanoTime(), guarded by this
    private long timer = -1; // guarded by this

    private JwksKeys(final Vertx vertx, final URI url, final Duration timeout, final Duration minInterval) {
        this.vertx = vertx;
        this.url = url;
        this.timeout = timeout;
        this.minInterval = minInterval;
        this.client = vertx.createHttpClient(new HttpClientOptions().setConnectTimeout((int) timeout.toMillis()));
    }

    /** Fetches the key set from {@code url}; the future fails when the first fetch does. */
    public static Future<JwksKeys> start(
            final Vertx vertx,
            final URI url,
            final Duration timeout,
            final Duration minInterval,
            final Duration refreshInterval) {
        final JwksKeys keys = new JwksKeys(vertx, url, timeout, minInterval);
        return keys.fetch()
                .map(first -> {
                    keys.refreshEvery(refreshInterval);
                    return keys;
                })
                .recover(failure -> keys.client.close().transform(ignored -> Future.failedFuture(failure)));
    }

    @Override
    public KeySet current() {
        return current;
    }

    /** Why the last fetch failed; empty when it succeeded. */
    public Optional<String> lastFailure() {
        return lastFailure;
    }

    @Override
    public Future<KeySet> forKeyId(final Optional<String> keyId) {
        final KeySet keys = current;
        if (keyId.isEmpty() || keys.keyIds().contains(keyId.get())) {
            return Future.succeededFuture(keys);
        }
        synchronized (this) {
            if (inFlight.isPresent()) {
                return inFlight.get();
            }
            if (System.nanoTime() - lastFetchStarted < minInterval.toNanos()) {
                return Future.succeededFuture(keys); // too soon: the token is checked against what there is
            }
        }
        LOG.debug("A token names key id {}, which is not in the key set: fetching {} again", keyId.get(), url);
        return fetch().recover(failure -> Future.succeededFuture(current));
    }

    /** Fetches the key set, or joins the fetch under way. */
    Future<KeySet> fetch() {
        synchronized (this) {
            if (inFlight.isPresent()) {
                return inFlight.get();
            }
            lastFetchStarted = System.nanoTime();
            final Future<KeySet> fetching = get().andThen(outcome -> {
                synchronized (this) {
                    inFlight = Optional.empty();
                }
                if (outcome.succeeded()) {
                    current = outcome.result();
                    lastFailure = Optional.empty();
                    LOG.debug(
                            "Fetched {} keys from {}", outcome.result().keyIds().size(), url);
                } else {
                    lastFailure = Optional.of(describe(outcome.cause()));
                    if (current != null) {
                        LOG.warn(
                                "Fetching the JSON Web Key Set from {} failed; the keys read at {} stay: {}",
                                url,
                                current.since(),
                                lastFailure.get());
                    }
                }
            });
            // The callback may have run already (a failure at once), or not yet.
            if (!fetching.isComplete()) {
                inFlight = Optional.of(fetching);
            }
            return fetching;
        }
    }

    private Future<KeySet> get() {
        final RequestOptions request = new RequestOptions()
                .setMethod(HttpMethod.GET)
                .setAbsoluteURI(url.toString())
                .putHeader("Accept", "application/json");
        return client.request(request)
                .compose(sent -> sent.send())
                .compose(response -> response.statusCode() == 200
                        ? response.body()
                        : Future.failedFuture("it answered HTTP " + response.statusCode()))
                .map(body -> KeySet.ofJwks(vertx, body.toJsonObject()))
                .timeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private synchronized void refreshEvery(final Duration interval) {
        timer = vertx.setPeriodic(interval.toMillis(), ignored -> fetch());
    }

    /** When the keys in use were read. */
    public Instant since() {
        return current.since();
    }

    @Override
    public void close() {
        synchronized (this) {
            if (timer >= 0) {
                vertx.cancelTimer(timer);
            }
        }
        client.close();
    }

    static String describe(final Throwable failure) {
        return failure.getMessage() != null
                ? failure.getMessage()
                : failure.getClass().getSimpleName();
    }
}
