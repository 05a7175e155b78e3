package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;

/** A send's trace context travels in the message's {@code traceparent} header, and processing continues that trace. */
class TracingIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final Broker broker = new Broker();
    private final String orders = broker.unique("traced");
    // TestConsumers consumes these too: named here, so that their queues are this test's and deleted with it
    private final String words = broker.unique("words");
    private final String upper = broker.unique("upper");
    private JZenith app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
        broker.close();
    }

    @Test
    void theConsumerSpanIsAChildOfTheSendSpan() {
        final RecordingTracing tracing = new RecordingTracing();
        final Inbox inbox = new Inbox();
        app = JZenith.application()
                .withPlugins(
                        tracing,
                        RabbitMqPlugin.withConsumers(TestConsumers.class).withEmitter("orders", Order.class))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .withConfiguration("rabbitmq.host", Broker.HOST)
                .withConfiguration("rabbitmq.channels.orders.exchange", orders)
                .withConfiguration("rabbitmq.channels.orders.queue", orders)
                .withConfiguration("rabbitmq.channels.words.exchange", words)
                .withConfiguration("rabbitmq.channels.words.queue", words)
                .withConfiguration("rabbitmq.channels.upper.exchange", upper)
                .withConfiguration("rabbitmq.channels.upper.queue", upper)
                .start();

        app.injector()
                .getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")))
                .send(Order.of("o-1"))
                .toCompletableFuture()
                .join();

        Await.until(WAIT, "the consumer span ended", () -> tracing.span("process " + orders)
                .isPresent());
        final SpanData sent = tracing.span("publish " + orders).orElseThrow();
        final SpanData processed = tracing.span("process " + orders).orElseThrow();
        assertThat(sent.getKind()).isEqualTo(SpanKind.PRODUCER);
        assertThat(processed.getKind()).isEqualTo(SpanKind.CONSUMER);
        assertThat(processed.getTraceId()).isEqualTo(sent.getTraceId());
        assertThat(processed.getParentSpanId()).isEqualTo(sent.getSpanId());
        assertThat(inbox.orders).containsExactly(Order.of("o-1"));
    }
}
