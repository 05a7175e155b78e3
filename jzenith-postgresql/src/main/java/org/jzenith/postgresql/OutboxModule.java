package org.jzenith.postgresql;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.OptionalBinder;
import jakarta.inject.Singleton;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.spi.outbox.InboxStore;
import org.jzenith.core.spi.outbox.OutboxBacklog;
import org.jzenith.core.spi.outbox.OutboxCodec;
import org.jzenith.core.spi.outbox.OutboxHealthCheck;
import org.jzenith.core.spi.outbox.OutboxStore;

/**
 * Binds the outbox and inbox of {@link PostgresqlPlugin#withOutbox()}: the {@link PostgresqlOutbox}
 * and {@link PostgresqlInbox} users inject, the {@link OutboxStore} a relay drives and the {@link
 * InboxStore} {@code @Idempotent} consumers use, the {@code outbox} health check, and 503 for a full
 * outbox. The codec is the relay's plugin's to bind.
 */
final class OutboxModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(ReactiveOutbox.class).in(Singleton.class);
        bind(PostgresqlOutbox.class).to(ReactiveOutbox.class);
        OptionalBinder.newOptionalBinder(binder(), OutboxStore.class)
                .setBinding()
                .to(ReactiveOutbox.class);
        bind(ReactiveInbox.class).in(Singleton.class);
        bind(PostgresqlInbox.class).to(ReactiveInbox.class);
        OptionalBinder.newOptionalBinder(binder(), InboxStore.class)
                .setBinding()
                .to(ReactiveInbox.class);
        OptionalBinder.newOptionalBinder(binder(), OutboxCodec.class);
        bind(OutboxHealthCheck.class).in(Singleton.class);
        HealthCheck.bind(binder()).to(OutboxHealthCheck.class);
        ExceptionMapping.bind(binder()).toInstance(OutboxBacklog.fullAnswer());
    }
}
