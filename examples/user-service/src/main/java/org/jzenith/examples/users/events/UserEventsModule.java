package org.jzenith.examples.users.events;

import com.google.inject.AbstractModule;
import com.google.inject.Injector;
import com.google.inject.Provides;
import jakarta.inject.Singleton;
import java.util.Locale;
import org.jzenith.examples.users.UserServiceConfiguration;
import org.jzenith.kafka.KafkaPlugin;

/**
 * The {@link UserEvents} that {@code user.events} selects: Kafka (the channel and topic {@value
 * #CHANNEL}), the outbox of the store {@code user.store} selects (JDBC's or reactive PostgreSQL's),
 * or nothing. The application registers {@link #kafkaPlugin()} under the same condition.
 */
public final class UserEventsModule extends AbstractModule {

    /** The emitter's channel, which is also its topic. */
    public static final String CHANNEL = "users.events";

    /** The Kafka plugin with the events' emitter, for {@code user.events=kafka}. */
    public static KafkaPlugin kafkaPlugin() {
        return KafkaPlugin.create().withEmitter(CHANNEL, UserEvent.class);
    }

    @Provides
    @Singleton
    UserEvents userEvents(final UserServiceConfiguration configuration, final Injector injector) {
        // KafkaUserEvents injects the emitter, which exists only when the plugin is registered.
        return switch (configuration.events()) {
            case KAFKA -> injector.getInstance(KafkaUserEvents.class);
            case OUTBOX ->
                switch (configuration.store()) {
                    case JDBC -> injector.getInstance(OutboxUserEvents.class);
                    case POSTGRESQL -> injector.getInstance(ReactiveOutboxUserEvents.class);
                    case REDIS, CASSANDRA ->
                        throw new IllegalStateException("user.events=outbox needs user.store=jdbc or postgresql, not"
                                + " user.store=" + configuration.store().name().toLowerCase(Locale.ROOT)
                                + "; set user.store=jdbc or postgresql, or user.events=kafka");
                };
            case DEBEZIUM -> {
                if (configuration.store() != UserServiceConfiguration.Store.POSTGRESQL) {
                    throw new IllegalStateException("user.events=debezium needs user.store=postgresql, not user.store="
                            + configuration.store().name().toLowerCase(Locale.ROOT));
                }
                yield injector.getInstance(DebeziumOutboxUserEvents.class);
            }
            case NONE -> event -> {};
        };
    }
}
