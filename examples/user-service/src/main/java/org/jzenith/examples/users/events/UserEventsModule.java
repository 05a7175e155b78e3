package org.jzenith.examples.users.events;

import com.google.inject.AbstractModule;
import com.google.inject.Injector;
import com.google.inject.Provides;
import jakarta.inject.Singleton;
import java.util.Locale;
import org.jzenith.core.Plugin;
import org.jzenith.examples.users.UserServiceConfiguration;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.messaging.Channels;
import org.jzenith.messaging.consumer.ChannelDeclarations;
import org.jzenith.rabbitmq.RabbitMqPlugin;

/**
 * The {@link UserEvents} that {@code user.events} selects: the emitter of the channel {@value
 * #CHANNEL}, the outbox of the store {@code user.store} selects (JDBC's or reactive PostgreSQL's),
 * or nothing. The application registers {@link #plugins()} under the same condition.
 *
 * <p>The channel is declared once and served by both connector plugins; {@code
 * messaging.channels."users.events".connector} chooses the broker ({@code kafka} in {@code
 * jzenith.properties}, or {@code rabbitmq}). The quotes keep the channel's name, which has a dot, one
 * segment of the key.
 */
public final class UserEventsModule extends AbstractModule {

    /** The emitter's channel: the Kafka topic, and the RabbitMQ exchange, of that name. */
    public static final String CHANNEL = "users.events";

    /** The application's one channel: the events' emitter. */
    static final ChannelDeclarations CHANNELS = Channels.none().withEmitter(CHANNEL, UserEvent.class);

    /**
     * The connector plugins, for {@code user.events=kafka} and {@code outbox}: Kafka's and RabbitMQ's,
     * serving the same channel; the one the setting does not choose neither connects nor needs its
     * settings.
     */
    public static Plugin[] plugins() {
        return new Plugin[] {KafkaPlugin.serving(CHANNELS), RabbitMqPlugin.serving(CHANNELS)};
    }

    @Provides
    @Singleton
    UserEvents userEvents(final UserServiceConfiguration configuration, final Injector injector) {
        // KafkaUserEvents injects the emitter, which exists only when the plugins are registered.
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
