package org.jzenith.messaging.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.jzenith.core.spi.outbox.OutboxCodec;

/** Two connectors in one application: their outbox modules bind once, and only one of them relays. */
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
    void aSecondConnectorCannotRelayTheOutboxTheFirstRelays() {
        final OutboxWiring.Relaying relaying = new OutboxWiring.Relaying();
        relaying.claim("kafka");
        relaying.claim("kafka");

        assertThatThrownBy(() -> relaying.claim("rabbitmq"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("the outbox is relayed by the kafka plugin already")
                .hasMessageContaining("so the rabbitmq plugin cannot relay it too");
    }
}
