package org.jzenith.cassandra;

import com.google.inject.AbstractModule;
import jakarta.inject.Singleton;
import org.jzenith.core.health.HealthCheck;

/**
 * Binds what the Cassandra plugin offers: the {@link CassandraClient} to inject and the health
 * check. Failures that mean "Cassandra is away" are translated where they happen ({@link
 * CassandraClient}) into a {@link CassandraUnavailableException}, which every application answers
 * with 503.
 */
final class CassandraModule extends AbstractModule {

    private final CassandraClient client;

    CassandraModule(final CassandraClient client) {
        this.client = client;
    }

    @Override
    protected void configure() {
        bind(CassandraClient.class).toInstance(client);
        bind(CassandraHealthCheck.class).in(Singleton.class);
        HealthCheck.bind(binder()).to(CassandraHealthCheck.class);
    }
}
