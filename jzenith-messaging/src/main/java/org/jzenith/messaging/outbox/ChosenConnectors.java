package org.jzenith.messaging.outbox;

import com.google.inject.Injector;
import com.google.inject.Key;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jzenith.messaging.spi.ConnectorSettings;
import org.jzenith.messaging.spi.MicroProfileConnectorSettings;

/**
 * The connector each channel's setting chooses, for the outbox relay of an application with two
 * connector plugins: {@code messaging.channels.NAME.connector}, else {@code
 * mp.messaging.outgoing.NAME.connector}, else {@code mp.messaging.incoming.NAME.connector}, as written
 * ({@code rabbitmq} or {@code smallrye-rabbitmq}). The start-up checks ({@code ChannelChoice}) have
 * refused settings that disagree or name no connector. Immutable.
 */
final class ChosenConnectors {

    /** No setting: one connector relays every event. */
    static final ChosenConnectors NONE = new ChosenConnectors(Map.of());

    private static final String SMALLRYE = "smallrye-";

    private final Map<String, String> byChannel;

    private ChosenConnectors(final Map<String, String> byChannel) {
        this.byChannel = Map.copyOf(byChannel);
    }

    /** The settings of the application {@code injector} runs, where its connector plugins read them. */
    static ChosenConnectors of(final Injector injector) {
        final Map<String, String> chosen = new HashMap<>();
        mapping(injector, MicroProfileConnectorSettings.class).ifPresent(settings -> {
            settings.incoming().forEach((channel, set) -> set.connector().ifPresent(name -> chosen.put(channel, name)));
            settings.outgoing().forEach((channel, set) -> set.connector().ifPresent(name -> chosen.put(channel, name)));
        });
        mapping(injector, ConnectorSettings.class).ifPresent(settings -> settings.channels()
                .forEach((channel, set) -> set.connector().ifPresent(name -> chosen.put(channel, name))));
        return new ChosenConnectors(chosen);
    }

    /** Whether no setting chooses a connector. */
    boolean isEmpty() {
        return byChannel.isEmpty();
    }

    /** The connector the setting of {@code channel} names, if one does. */
    Optional<String> of(final String channel) {
        return Optional.ofNullable(byChannel.get(channel));
    }

    /** Whether {@code value}, as a setting says it, names the connector {@code connector} ({@code kafka}). */
    static boolean names(final String value, final String connector) {
        final String wanted = value.trim().toLowerCase(Locale.ROOT);
        return wanted.equals(connector) || wanted.equals(SMALLRYE + connector);
    }

    private static <T> Optional<T> mapping(final Injector injector, final Class<T> type) {
        // bound where a connector plugin lists ChannelChoice.MAPPINGS among its configuration mappings
        return Optional.ofNullable(injector.getExistingBinding(Key.get(type)))
                .map(binding -> binding.getProvider().get());
    }
}
