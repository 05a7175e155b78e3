package org.jzenith.jdbc;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.OptionalBinder;
import jakarta.inject.Singleton;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.outbox.Outbox;
import org.jzenith.core.spi.outbox.InboxStore;
import org.jzenith.core.spi.outbox.OutboxBacklog;
import org.jzenith.core.spi.outbox.OutboxCodec;
import org.jzenith.core.spi.outbox.OutboxHealthCheck;
import org.jzenith.core.spi.outbox.OutboxStore;

/**
 * Binds the outbox and inbox of {@link JdbcPlugin#withOutbox()}: the {@link Outbox} users inject, the
 * stores a relay and {@code @Idempotent} consumers use, the {@code outbox} health check, and 503 for
 * a full outbox. The codec is the relay's plugin's to bind.
 */
final class OutboxModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(JdbcOutbox.class).in(Singleton.class);
        bind(JdbcInbox.class).in(Singleton.class);
        bind(Outbox.class).to(JdbcOutbox.class);
        OptionalBinder.newOptionalBinder(binder(), OutboxStore.class)
                .setBinding()
                .to(JdbcOutbox.class);
        OptionalBinder.newOptionalBinder(binder(), InboxStore.class)
                .setBinding()
                .to(JdbcInbox.class);
        OptionalBinder.newOptionalBinder(binder(), OutboxCodec.class);
        bind(OutboxHealthCheck.class).in(Singleton.class);
        HealthCheck.bind(binder()).to(OutboxHealthCheck.class);
        ExceptionMapping.bind(binder()).toInstance(OutboxBacklog.fullAnswer());
    }
}
