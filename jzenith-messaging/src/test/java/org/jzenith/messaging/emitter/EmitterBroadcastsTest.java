package org.jzenith.messaging.emitter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.CreationException;
import com.google.inject.Guice;
import io.smallrye.reactive.messaging.annotations.Broadcast;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.OutboundMessage;

class EmitterBroadcastsTest {

    public static class Broadcasting {
        @com.google.inject.Inject
        @Channel("orders")
        @Broadcast
        Emitter<String> orders;
    }

    /** Never sends: the injector is refused before. */
    private static final Outbound NOWHERE = new Outbound() {
        @Override
        public CompletionStage<Void> send(final OutboundMessage message) {
            return CompletableFuture.failedFuture(new IllegalStateException("not sent in this test"));
        }

        @Override
        public boolean open() {
            return false;
        }
    };

    @Test
    void broadcastOnTheEmitterOfABrokersChannelStopsTheInjectorNamingTheField() {
        assertThatThrownBy(() -> Guice.createInjector(binder -> {
                    ChannelEmitters.bind(binder, "orders", String.class, injector -> NOWHERE);
                    binder.bind(Broadcasting.class);
                }))
                .isInstanceOf(CreationException.class)
                .hasMessageContaining("Broadcasting.orders has @Broadcast on the emitter of the channel 'orders'")
                .hasMessageContaining("a broker's plugin serves");
    }

    @Test
    void broadcastOnTheEmitterOfAnInProcessChannelIsTaken() {
        final Broadcasting made = Guice.createInjector(binder -> {
                    ChannelEmitters.bind(
                            binder,
                            "orders",
                            String.class,
                            injector -> NOWHERE,
                            EmitterFanOut.inProcess(List.of("A.take", "B.take")));
                    binder.bind(Broadcasting.class);
                })
                .getInstance(Broadcasting.class);

        assertThat(made.orders).isNotNull();
    }

    @Test
    void anInProcessChannelsEmitterMustBroadcastToSeveralConsumersAndNotWaitForMore() {
        final EmitterFanOut two = EmitterFanOut.inProcess(List.of("A.take", "B.take"));

        assertThat(two.problem("orders", Optional.empty())).hasValueSatisfying(problem -> assertThat(problem)
                .contains("2 methods (A.take, B.take)")
                .contains("annotate it with @Broadcast"));
        assertThat(two.problem("orders", Optional.of(0))).isEmpty();
        assertThat(two.problem("orders", Optional.of(2))).isEmpty();
        assertThat(two.problem("orders", Optional.of(3)))
                .hasValueSatisfying(problem -> assertThat(problem).contains("use @Broadcast(2) or @Broadcast"));
        assertThat(EmitterFanOut.inProcess(List.of("A.take")).problem("orders", Optional.empty()))
                .isEmpty();
    }
}
