package org.jzenith.messaging.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.consumer.Json;

class PayloadTest {

    /** A JSON payload. */
    record Order(String id, int quantity) {}

    private final Payload orders = Payload.of(Order.class, Json.standard()).orElseThrow();

    @Test
    void jsonIsReadAndWrittenThroughTheMapper() {
        final byte[] written = orders.write(new Order("o-1", 3));

        assertThat(new String(written, StandardCharsets.UTF_8)).isEqualTo("{\"id\":\"o-1\",\"quantity\":3}");
        assertThat(orders.read(written)).isEqualTo(new Order("o-1", 3));
    }

    @Test
    void unknownFieldsAreIgnored() {
        assertThat(orders.read("{\"id\":\"o-1\",\"quantity\":3,\"added\":true}".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(new Order("o-1", 3));
    }

    @Test
    void aValueThatIsNotJsonFailsWithoutQuotingIt() {
        assertThatThrownBy(() -> orders.read("card 4111-1111".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(PayloadException.class)
                .hasMessageStartingWith("the message's payload is not a JSON Order")
                .hasMessageNotContaining("4111");
    }

    @Test
    void anEmptyOrNullValueIsAPayloadProblem() {
        assertThatThrownBy(() -> orders.read(new byte[0])).isInstanceOf(PayloadException.class);
        assertThatThrownBy(() -> orders.read("null".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(PayloadException.class);
    }

    @Test
    void textAndBytesPassAsTheyAre() {
        assertThat(Payload.of(String.class, Json.standard()).orElseThrow().read("é".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("é");
        assertThat(Payload.of(byte[].class, Json.standard()).orElseThrow().read(new byte[] {1, 2}))
                .isEqualTo(new byte[] {1, 2});
    }
}
