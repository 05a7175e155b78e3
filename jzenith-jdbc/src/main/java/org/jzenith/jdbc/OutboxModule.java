package org.jzenith.jdbc;

import com.google.inject.AbstractModule;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Provides;
import com.google.inject.multibindings.OptionalBinder;
import com.google.inject.name.Named;
import com.google.inject.name.Names;
import jakarta.inject.Singleton;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.outbox.Outbox;
import org.jzenith.core.outbox.OutboxStoreConfiguration;
import org.jzenith.core.spi.outbox.InboxStore;
import org.jzenith.core.spi.outbox.OutboxBacklog;
import org.jzenith.core.spi.outbox.OutboxCodec;
import org.jzenith.core.spi.outbox.OutboxHealthCheck;
import org.jzenith.core.spi.outbox.OutboxStore;

/**
 * Binds the outbox and inbox of {@link JdbcPlugin#withOutbox()}: the {@link Outbox} users inject, the
 * stores a relay and {@code @Idempotent} consumers use, the {@code outbox} health check, and 503 for
 * a full outbox. {@code outbox.mode} picks the outbox: the table ({@link JdbcOutbox}) or PostgreSQL's
 * write-ahead log ({@link JdbcLogOutbox}, whose classes, and PgJDBC's replication API, load only
 * then). The codec is the relay's plugin's to bind.
 */
final class OutboxModule extends AbstractModule {

    private static final String CHOSEN = "jzenith-outbox-chosen";

    @Override
    protected void configure() {
        bind(JdbcInbox.class).in(Singleton.class);
        OptionalBinder.newOptionalBinder(binder(), OutboxStore.class)
                .setBinding()
                .to(Key.get(OutboxStore.class, Names.named(CHOSEN)));
        OptionalBinder.newOptionalBinder(binder(), InboxStore.class)
                .setBinding()
                .to(JdbcInbox.class);
        OptionalBinder.newOptionalBinder(binder(), OutboxCodec.class);
        HealthCheck.bind(binder()).to(Key.get(HealthCheck.class, Names.named(CHOSEN)));
        ExceptionMapping.bind(binder()).toInstance(OutboxBacklog.fullAnswer());
    }

    @Provides
    @Singleton
    Outbox outbox(final OutboxStoreConfiguration configuration, final Injector injector) {
        return log(configuration) ? LogOutboxes.outbox(injector) : injector.getInstance(JdbcOutbox.class);
    }

    @Provides
    @Singleton
    @Named(CHOSEN)
    OutboxStore store(final OutboxStoreConfiguration configuration, final Injector injector) {
        return log(configuration) ? LogOutboxes.store(injector) : injector.getInstance(JdbcOutbox.class);
    }

    @Provides
    @Singleton
    @Named(CHOSEN)
    HealthCheck check(final OutboxStoreConfiguration configuration, final Injector injector) {
        return log(configuration) ? LogOutboxes.healthCheck(injector) : injector.getInstance(OutboxHealthCheck.class);
    }

    private static boolean log(final OutboxStoreConfiguration configuration) {
        return configuration.mode() == OutboxStoreConfiguration.Mode.LOG;
    }
}
