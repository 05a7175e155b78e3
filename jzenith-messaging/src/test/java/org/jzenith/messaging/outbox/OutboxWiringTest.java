package org.jzenith.messaging.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.jzenith.core.spi.outbox.OutboxCodec;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.messaging.spi.ConnectorSettings;
import org.jzenith.messaging.spi.MicroProfileConnectorSettings;
import org.jzenith.test.Configurations;

/** Two connectors in one application: their outbox modules bind once, one relay runs, and one purge. */
class OutboxWiringTest {

    @Test
    void theModulesOfTwoConnectorsBindTheStoresAndTheCodecOnce() {
        final Injector injector = Guice.createInjector(OutboxWiring.module(), OutboxWiring.module());

        assertThat(OutboxWiring.present(injector)).as("no store plugin").isFalse();
        assertThat(injector.getInstance(Key.get(new TypeLiteral<Optional<OutboxCodec>>() {})))
                .hasValueSatisfying(codec ->
                        assertThat(codec.write("events", "text")).asString().isEqualTo("text"));
    }

    @Test
    void withoutSettingsPerChannelASecondConnectorCannotRelayTheOutboxTheFirstRelays() {
        final OutboxWiring.Relaying relaying = new OutboxWiring.Relaying();
        final AtomicInteger started = new AtomicInteger();
        relaying.join("kafka", record -> CompletableFuture.completedFuture(null), settings(Map.of()), () -> {
            started.incrementAndGet();
            return timeout -> {};
        });
        relaying.join("kafka", record -> CompletableFuture.completedFuture(null), settings(Map.of()), () -> {
            started.incrementAndGet();
            return timeout -> {};
        });

        assertThatThrownBy(() -> relaying.join(
                        "rabbitmq", record -> CompletableFuture.completedFuture(null), settings(Map.of()), () -> {
                            started.incrementAndGet();
                            return timeout -> {};
                        }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("the outbox is relayed by the kafka plugin already")
                .hasMessageContaining("so the rabbitmq plugin cannot relay it too");
        assertThat(started).hasValue(1);
    }

    @Test
    void withAConnectorChosenPerChannelOneRelaySendsEachEventThroughItsChannelsConnector() {
        final OutboxWiring.Relaying relaying = new OutboxWiring.Relaying();
        final List<String> sent = new CopyOnWriteArrayList<>();
        final AtomicInteger started = new AtomicInteger();
        final AtomicInteger stopped = new AtomicInteger();
        final ChosenConnectors chosen = settings(Map.of(
                "messaging.channels.orders.connector", "kafka",
                "messaging.channels.\"users.events\".connector", "rabbitmq",
                "mp.messaging.outgoing.shipments.connector", "smallrye-rabbitmq"));
        relaying.join("kafka", record -> sending(sent, "kafka", record), chosen, () -> {
            started.incrementAndGet();
            return timeout -> stopped.incrementAndGet();
        });

        assertThat(relaying.send(record("orders"))).isCompleted();
        assertThat(relaying.send(record("users.events")))
                .as("its connector has not joined yet: the event stays in the outbox")
                .failsWithin(Duration.ZERO)
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withCauseInstanceOf(IllegalStateException.class)
                .withMessageContaining("the connector 'rabbitmq' that serves the channel 'users.events' does not run");

        relaying.join("rabbitmq", record -> sending(sent, "rabbitmq", record), chosen, () -> {
            started.incrementAndGet();
            return timeout -> stopped.incrementAndGet();
        });
        relaying.send(record("users.events"));
        relaying.send(record("shipments"));
        assertThat(relaying.send(record("undeclared")))
                .failsWithin(Duration.ZERO)
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withCauseInstanceOf(OutboxRelay.Refused.class)
                .withMessageContaining("no connector is chosen for the channel 'undeclared'")
                .withMessageContaining("messaging.channels.undeclared.connector");

        assertThat(sent).containsExactly("kafka:orders", "rabbitmq:users.events", "rabbitmq:shipments");
        assertThat(started).as("one relay").hasValue(1);
        relaying.stopRelay(Duration.ofSeconds(1));
        relaying.stopRelay(Duration.ofSeconds(1));
        assertThat(stopped).as("stopped once, by the first plugin to stop").hasValue(1);
    }

    @Test
    void theInboxIsPurgedByOneConnectorOnly() {
        final OutboxWiring.Relaying relaying = new OutboxWiring.Relaying();

        assertThat(relaying.claimPurge()).isTrue();
        assertThat(relaying.claimPurge()).isFalse();
    }

    private static ChosenConnectors settings(final Map<String, String> values) {
        final Map<String, String> all = new java.util.HashMap<>(values);
        final Injector injector = Guice.createInjector(binder -> {
            binder.bind(ConnectorSettings.class)
                    .toInstance(Configurations.read(ConnectorSettings.class, only(all, "messaging.")));
            binder.bind(MicroProfileConnectorSettings.class)
                    .toInstance(Configurations.read(MicroProfileConnectorSettings.class, only(all, "mp.")));
        });
        return ChosenConnectors.of(injector);
    }

    private static Map<String, String> only(final Map<String, String> values, final String prefix) {
        final Map<String, String> kept = new java.util.HashMap<>(values);
        kept.keySet().removeIf(key -> !key.startsWith(prefix));
        return kept;
    }

    private static CompletableFuture<Void> sending(
            final List<String> sent, final String connector, final OutboxRecord record) {
        sent.add(connector + ":" + record.channel());
        return CompletableFuture.completedFuture(null);
    }

    private static OutboxRecord record(final String channel) {
        return new OutboxRecord(1, "event-1", channel, Optional.empty(), new byte[0], Instant.EPOCH, Optional.empty());
    }
}
