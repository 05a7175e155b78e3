package org.jzenith.messaging.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.reactive.messaging.TracingMetadata;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.spi.NativeParameters;

/**
 * A parameter of a broker client's or framework's own type, which the connector does not hand to
 * methods, is refused at start-up: read as a JSON payload, every message would fail.
 */
class ClientTypeParameterTest {

    /** Consumers as a migrated service might have them. */
    public static class Consumers {
        @Incoming("traces")
        public void traced(final TracingMetadata metadata) {}

        @Incoming("orders")
        public void order(final Order order) {}
    }

    /** A payload type of the application's own. */
    public record Order(String id) {}

    @Test
    void aTypeOfAClientIsRefusedNamingItsClientAndWhatToTake() {
        final List<IncomingMethod.Found> found = IncomingMethod.find(Consumers.class, NativeParameters.NONE);

        assertThat(found.getFirst().method().getName()).isEqualTo("order");
        assertThat(found.getFirst().problems()).isEmpty();
        assertThat(found.get(1).problems())
                .containsExactly("takes a io.smallrye.reactive.messaging.TracingMetadata, a type of SmallRye"
                        + " Reactive Messaging that the connector of channel 'traces' does not hand to methods;"
                        + " take the payload (String, byte[], a JSON type), or a Message<T>, whose metadata holds"
                        + " what the connector reads from the broker's message (see docs/messaging.md)");
    }
}
