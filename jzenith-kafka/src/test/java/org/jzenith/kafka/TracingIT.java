package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/** A sent record carries the sender's trace in its traceparent header, and processing it continues that trace. */
class TracingIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void processingARecordContinuesTheTraceOfItsSender() throws Exception {
        final Inbox inbox = new Inbox();
        final RecordingTracing tracing = new RecordingTracing();
        final String orders = Topics.unique("orders");
        final JZenith app = JZenith.application()
                .withPlugins(
                        tracing, KafkaPlugin.withConsumers(TestConsumers.class).withEmitter("orders", Order.class))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", Topics.unique("group"))
                .withConfiguration("kafka.channels.orders.topic", orders)
                .withConfiguration("kafka.channels.texts.topic", Topics.unique("texts"))
                .start();
        try (Topics topics = new Topics(KAFKA.bootstrapServers())) {
            final Emitter<Order> emitter = app.injector()
                    .getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")));
            final Span request = app.instance(OpenTelemetry.class)
                    .getTracer("test")
                    .spanBuilder("request")
                    .startSpan();
            try (Scope _ = request.makeCurrent()) {
                emitter.send(new Order("traced", 1)).toCompletableFuture().get(30, TimeUnit.SECONDS);
            } finally {
                request.end();
            }
            Await.until(WAIT, "the order is processed", () -> tracing.span("process " + orders)
                    .isPresent());

            final SpanData send = tracing.span("send " + orders).orElseThrow();
            final SpanData process = tracing.span("process " + orders).orElseThrow();
            assertThat(send.getKind()).isEqualTo(SpanKind.PRODUCER);
            assertThat(send.getParentSpanId())
                    .isEqualTo(request.getSpanContext().getSpanId());
            assertThat(process.getKind()).isEqualTo(SpanKind.CONSUMER);
            assertThat(process.getTraceId()).isEqualTo(request.getSpanContext().getTraceId());
            assertThat(process.getParentSpanId()).isEqualTo(send.getSpanId());
            assertThat(Topics.header(topics.read(orders, 1, WAIT).getFirst(), "traceparent"))
                    .hasValueSatisfying(value -> assertThat(value).contains(send.getSpanId()));
        } finally {
            app.stop();
        }
    }
}
