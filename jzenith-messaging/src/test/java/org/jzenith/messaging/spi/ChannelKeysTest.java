package org.jzenith.messaging.spi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A channel's keys are written as SmallRye Config reads them: a name with a dot quoted, others bare. */
class ChannelKeysTest {

    @Test
    void aNameWithADotIsQuotedAsOneSegment() {
        assertThat(ChannelKeys.of("kafka", "users.events", "topic")).isEqualTo("kafka.channels.\"users.events\".topic");
        assertThat(ChannelKeys.group("messaging", "users.events")).isEqualTo("messaging.channels.\"users.events\"");
    }

    @Test
    void aNameWithoutADotStaysBare() {
        assertThat(ChannelKeys.of("rabbitmq", "orders", "queue")).isEqualTo("rabbitmq.channels.orders.queue");
        assertThat(ChannelKeys.prefix("kafka", "quote-requests")).isEqualTo("kafka.channels.quote-requests.");
    }
}
