package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.test.Await;

/** An @Outgoing producer method's items are published to RabbitMQ and consumed. */
class ProducerMethodIT {

    @Test
    void aProducerMethodsItemsGoThroughRabbitMq() {
        try (Broker broker = new Broker()) {
            final String ticks = broker.unique("ticks");
            final JZenith app = JZenith.application()
                    .withPlugins(RabbitMqPlugin.withConsumers(Ticks.class))
                    .withConfiguration("rabbitmq.host", Broker.HOST)
                    .withConfiguration("rabbitmq.channels.ticks.exchange", ticks)
                    .withConfiguration("rabbitmq.channels.ticks.queue", ticks)
                    .start();
            try {
                Await.until(Duration.ofSeconds(30), "3 ticks consumed", () -> Ticks.RECEIVED.size() == 3);
                assertThat(Ticks.RECEIVED).containsExactly("tick-0", "tick-1", "tick-2");
            } finally {
                app.stop();
            }
        }
    }
}
