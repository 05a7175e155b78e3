package org.jzenith.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.ssl.ProgrammaticSslEngineFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Builds the driver's sessions for a {@link CassandraTarget}: its settings as the driver's options
 * (timeouts, consistency, pool, a quick reconnection), credentials and TLS.
 */
final class CassandraSessions {

    // How soon the driver tries a node again after it went away: quick at first, then every 2 s.
    private static final Duration RECONNECT_FIRST = Duration.ofMillis(200);
    private static final Duration RECONNECT_LONGEST = Duration.ofSeconds(2);

    private CassandraSessions() {}

    /** A session in {@code keyspace}, or in none; blocks until it has connected, or fails. */
    static CqlSession open(final CassandraTarget target, final Optional<String> keyspace) {
        final CqlSessionBuilder builder = CqlSession.builder()
                .withConfigLoader(config(target))
                .addContactPoints(target.contactPoints())
                .withLocalDatacenter(target.localDatacenter())
                .withApplicationName("jzenith");
        keyspace.ifPresent(builder::withKeyspace);
        if (target.username().isPresent()) {
            builder.withAuthCredentials(
                    target.username().get(), target.password().orElse(""));
        }
        if (target.tls()) {
            builder.withSslEngineFactory(
                    new ProgrammaticSslEngineFactory(sslContext(target), null, target.hostnameVerification()));
        }
        return builder.build();
    }

    private static DriverConfigLoader config(final CassandraTarget target) {
        return DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, target.requestTimeout())
                .withString(
                        DefaultDriverOption.REQUEST_CONSISTENCY,
                        target.readConsistency().name())
                .withInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE, target.poolSize())
                .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, target.connectTimeout())
                .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, target.requestTimeout())
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, target.requestTimeout())
                .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, RECONNECT_FIRST)
                .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, RECONNECT_LONGEST)
                // Schema changes by migrations wait for every node to agree, within the request timeout's scale.
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(10))
                .build();
    }

    /** The JVM's trust store, or one of {@code cassandra.tls.trust-certificates}. */
    private static SSLContext sslContext(final CassandraTarget target) {
        try {
            if (target.trustCertificates().isEmpty()) {
                return SSLContext.getDefault();
            }
            final KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            try (InputStream in =
                    Files.newInputStream(target.trustCertificates().get())) {
                int i = 0;
                for (final Certificate certificate :
                        CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                    trusted.setCertificateEntry("ca-" + i++, certificate);
                }
            }
            final TrustManagerFactory trust =
                    TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            final SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read cassandra.tls.trust-certificates", e);
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(
                    "cassandra.tls.trust-certificates holds no usable certificate: " + e.getMessage(), e);
        }
    }
}
