package org.jzenith.rest.internal.http;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.KeyCertOptions;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a new certificate without a restart: every period the key and certificate files are read
 * again (off the event loop), and when their content changed and makes a usable key manager, every
 * server is updated with it ({@code HttpServer.updateSSLOptions}); connections open already keep
 * theirs. A file that cannot be used keeps the old certificate and is logged at WARN, once per
 * content.
 *
 * <p>Vert.x 5 has no watch of its own for key files, and a period is what works everywhere
 * (Kubernetes swaps secrets through symbolic links, which file watches miss).
 */
public final class CertificateReloader implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(CertificateReloader.class);

    private final Vertx vertx;
    private final TlsFiles files;
    private final Function<KeyCertOptions, Future<?>> servers;
    private final AtomicBoolean checking = new AtomicBoolean();
    private final long timer;
    // Read and written by one check at a time (checking), which may run on different threads.
    private volatile Buffer served;
    private volatile Optional<Buffer> rejected = Optional.empty();

    private CertificateReloader(
            final Vertx vertx,
            final TlsFiles files,
            final Buffer served,
            final Duration period,
            final Function<KeyCertOptions, Future<?>> servers) {
        this.vertx = vertx;
        this.files = files;
        this.served = served;
        this.servers = servers;
        this.timer = vertx.setPeriodic(period.toMillis(), ignored -> check());
    }

    /**
     * Checks {@code files} every {@code period} against {@code served}, the content the servers
     * started with, and hands a usable new key to {@code servers}, which updates every server.
     */
    public static CertificateReloader start(
            final Vertx vertx,
            final TlsFiles files,
            final Buffer served,
            final Duration period,
            final Function<KeyCertOptions, Future<?>> servers) {
        return new CertificateReloader(vertx, files, served, period, servers);
    }

    @Override
    public void close() {
        vertx.cancelTimer(timer);
    }

    private void check() {
        if (!checking.compareAndSet(false, true)) {
            return; // the last check is still running
        }
        vertx.<Optional<TlsFiles.KeyMaterial>>executeBlocking(this::readIfChanged, false)
                .compose(changed -> changed.map(this::apply).orElseGet(Future::succeededFuture))
                .onComplete(ignored -> checking.set(false));
    }

    private Optional<TlsFiles.KeyMaterial> readIfChanged() {
        final TlsFiles.KeyMaterial material;
        try {
            material = files.read();
        } catch (final Exception e) {
            reject(Buffer.buffer(String.valueOf(e.getMessage())), e);
            return Optional.empty();
        }
        if (material.content().equals(served)
                || rejected.filter(material.content()::equals).isPresent()) {
            return Optional.empty();
        }
        try {
            // Parses the key and certificates: what the servers would fail on, checked before them.
            final Optional<String> mismatch =
                    KeyPairs.mismatch(material.options().getKeyManagerFactory(vertx));
            if (mismatch.isPresent()) {
                reject(material.content(), new IllegalArgumentException(mismatch.get()));
                return Optional.empty();
            }
        } catch (final Exception e) {
            reject(material.content(), e);
            return Optional.empty();
        }
        return Optional.of(material);
    }

    private Future<Void> apply(final TlsFiles.KeyMaterial material) {
        return servers.apply(material.options())
                .onSuccess(ignored -> {
                    served = material.content();
                    rejected = Optional.empty();
                    LOG.info("Serving the new certificate of {}", files.paths());
                })
                .onFailure(failure -> reject(material.content(), failure))
                .<Void>mapEmpty()
                .recover(ignored -> Future.succeededFuture());
    }

    private void reject(final Buffer content, final Throwable failure) {
        if (rejected.filter(content::equals).isEmpty()) {
            LOG.warn(
                    "The certificate files {} cannot be used, the servers keep the certificate they have: {}",
                    files.paths(),
                    failure.toString());
        }
        rejected = Optional.of(content);
    }
}
