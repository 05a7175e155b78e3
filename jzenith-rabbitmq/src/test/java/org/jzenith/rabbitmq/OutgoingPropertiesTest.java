package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.spi.OutboundMessage;

class OutgoingPropertiesTest {

    private static AMQP.BasicProperties sent(final OutgoingRabbitMqMetadata metadata, final boolean durable) {
        final OutboundMessage carried = OutgoingProperties.carry(
                OutboundMessage.of(new byte[0]).withHeader("jzenith-event-id", "e-1".getBytes(StandardCharsets.UTF_8)),
                metadata);
        return OutgoingProperties.properties(new HashMap<>(carried.headers()), durable);
    }

    @Test
    void everyPropertyCarriedThroughTheHeadersComesOutAsAPropertyAndNotAsAHeader() {
        final Instant when = Instant.parse("2026-01-02T03:04:05Z");
        final AMQP.BasicProperties properties = sent(
                OutgoingRabbitMqMetadata.properties()
                        .withContentType("application/json")
                        .withContentEncoding("gzip")
                        .withCorrelationId("c-1")
                        .withMessageId("m-1")
                        .withPriority(9)
                        .withExpiration(Duration.ofSeconds(30))
                        .withPersistent(false)
                        .withType("t")
                        .withUserId("guest")
                        .withAppId("shop")
                        .withReplyTo("replies")
                        .withTimestamp(when),
                true);

        assertThat(properties.getContentType()).isEqualTo("application/json");
        assertThat(properties.getContentEncoding()).isEqualTo("gzip");
        assertThat(properties.getCorrelationId()).isEqualTo("c-1");
        assertThat(properties.getMessageId()).isEqualTo("m-1");
        assertThat(properties.getPriority()).isEqualTo(9);
        assertThat(properties.getExpiration()).isEqualTo("30000");
        assertThat(properties.getDeliveryMode()).isEqualTo(1);
        assertThat(properties.getType()).isEqualTo("t");
        assertThat(properties.getUserId()).isEqualTo("guest");
        assertThat(properties.getAppId()).isEqualTo("shop");
        assertThat(properties.getReplyTo()).isEqualTo("replies");
        assertThat(properties.getTimestamp().toInstant()).isEqualTo(when);
        assertThat(properties.getHeaders().keySet())
                .containsExactlyInAnyOrder("jzenith-event-id", OutgoingProperties.PUBLISH_ID);
        assertThat(OutgoingProperties.publishId(properties))
                .as("the publish is known by an id of its own, not the application's")
                .isNotEqualTo("m-1")
                .isEqualTo(properties.getHeaders().get(OutgoingProperties.PUBLISH_ID));
    }

    @Test
    void whatTheMetadataDoesNotSetKeepsThePluginsValues() {
        final AMQP.BasicProperties durable = sent(OutgoingRabbitMqMetadata.properties(), true);
        final AMQP.BasicProperties transientOne = sent(OutgoingRabbitMqMetadata.properties(), false);

        assertThat(durable.getDeliveryMode()).isEqualTo(2);
        assertThat(transientOne.getDeliveryMode()).isEqualTo(1);
        assertThat(durable.getMessageId()).isNotBlank().isNotEqualTo(transientOne.getMessageId());
        assertThat(OutgoingProperties.publishId(durable)).isEqualTo(durable.getMessageId());
        assertThat(durable.getTimestamp()).isNotNull();
        assertThat(durable.getHeaders()).containsOnlyKeys("jzenith-event-id");
    }

    @Test
    void eachValueOutOfItsRangeIsNamed() {
        assertThat(OutgoingProperties.problems(OutgoingRabbitMqMetadata.properties(), "guest"))
                .isEmpty();
        assertThat(OutgoingProperties.problems(
                        OutgoingRabbitMqMetadata.properties()
                                .withPriority(0)
                                .withExpiration(Duration.ofMillis(1))
                                .withMessageId("a".repeat(255)),
                        "guest"))
                .isEmpty();
        assertThat(OutgoingProperties.problems(
                        OutgoingRabbitMqMetadata.properties()
                                .withPriority(-1)
                                .withExpiration(Duration.ofDays(50))
                                .withDeliveryMode(0)
                                .withMessageId("")
                                .withUserId("admin")
                                .withHeader(OutgoingProperties.PREFIX + "priority", "1"),
                        "guest"))
                .hasSize(6)
                .anySatisfy(problem -> assertThat(problem).startsWith("priority is -1"))
                .anySatisfy(problem -> assertThat(problem).startsWith("expiration is 4320000000 ms"))
                .anySatisfy(problem -> assertThat(problem).startsWith("deliveryMode is 0"))
                .anySatisfy(problem -> assertThat(problem).startsWith("messageId is empty"))
                .anySatisfy(problem -> assertThat(problem).startsWith("userId is 'admin'"))
                .anySatisfy(problem -> assertThat(problem).contains("a name the plugin keeps for itself"));
        assertThat(OutgoingProperties.messageIdProblem("caf\u00e9"))
                .hasValueSatisfying(problem -> assertThat(problem).contains("U+00E9 at position 3"));
    }

    @Test
    void aPropertiesHeaderOfNoKnownNameIsNotPublished() {
        final Map<String, Object> headers = new HashMap<>();
        headers.put(OutgoingProperties.PREFIX + "unknown", "x".getBytes(StandardCharsets.UTF_8));
        assertThat(OutgoingProperties.properties(headers, true).getHeaders()).isEmpty();
    }
}
