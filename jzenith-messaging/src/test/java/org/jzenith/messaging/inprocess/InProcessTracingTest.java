package org.jzenith.messaging.inprocess;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.consumer.ConsumerChannel;
import org.jzenith.messaging.consumer.FailedChannels;
import org.jzenith.messaging.consumer.IncomingMethod;
import org.jzenith.messaging.consumer.MessageProcessor;
import org.jzenith.messaging.consumer.PayloadValidator;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.spi.OutboundMessage;

/** A consumer of an in-process channel runs in a span that continues the trace its message was sent in. */
class InProcessTracingTest {

    /** Records the span it runs in. */
    public static class Traced {
        final List<SpanContext> seen = new CopyOnWriteArrayList<>();

        @Incoming("traced")
        public void take(final String value) {
            seen.add(Span.current().getSpanContext());
        }
    }

    /** Keeps every ended span. */
    private static final class Kept implements SpanExporter {
        final List<SpanData> spans = new CopyOnWriteArrayList<>();

        @Override
        public CompletableResultCode export(final Collection<SpanData> exported) {
            spans.addAll(exported);
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }

    private final Kept kept = new Kept();
    private final SdkTracerProvider tracers = SdkTracerProvider.builder()
            .addSpanProcessor(SimpleSpanProcessor.create(kept))
            .build();
    private final io.opentelemetry.api.OpenTelemetry openTelemetry = new io.opentelemetry.api.OpenTelemetry() {
        @Override
        public io.opentelemetry.api.trace.TracerProvider getTracerProvider() {
            return tracers;
        }

        @Override
        public io.opentelemetry.context.propagation.ContextPropagators getPropagators() {
            return io.opentelemetry.context.propagation.ContextPropagators.noop();
        }
    };
    private final Traced traced = new Traced();
    private final InProcessChannel channel =
            new InProcessChannel("traced", 8, Duration.ofSeconds(5), new InFlight(), () -> "the test closed it");

    InProcessTracingTest() {
        final InProcessConnector connector = new InProcessConnector(
                Map.of(),
                new InProcessMetrics(new SimpleMeterRegistry()),
                new FailedChannels(),
                new InProcessTracing(openTelemetry));
        final IncomingMethod method = IncomingMethod.of(
                Traced.class,
                IncomingMethod.find(Traced.class, NativeParameters.NONE).getFirst(),
                new ObjectMapper(),
                NativeParameters.NONE);
        final CountDownLatch stopping = new CountDownLatch(1);
        channel.add(new ConsumerChannel(
                "traced",
                method,
                new MessageProcessor(
                        connector.policy("traced"),
                        method,
                        traced,
                        PayloadValidator.NONE,
                        connector.deadLetters("traced"),
                        connector.meters("traced"),
                        stopping,
                        connector.tracing(),
                        Optional.empty(),
                        new FailedChannels()),
                stopping));
        channel.start();
    }

    @AfterEach
    void close() {
        channel.close();
        tracers.close();
    }

    @Test
    void theConsumersSpanIsAChildOfTheSpanTheMessageWasSentIn() throws Exception {
        final Tracer tracer = openTelemetry.getTracer("test");
        final Span request = tracer.spanBuilder("request").startSpan();
        try (Scope _ = request.makeCurrent()) {
            channel.send(OutboundMessage.of("hello".getBytes(StandardCharsets.UTF_8)))
                    .toCompletableFuture()
                    .get(10, TimeUnit.SECONDS);
        } finally {
            request.end();
        }

        assertThat(traced.seen).singleElement().satisfies(context -> {
            assertThat(context.getTraceId()).isEqualTo(request.getSpanContext().getTraceId());
            assertThat(context.getSpanId())
                    .isNotEqualTo(request.getSpanContext().getSpanId());
        });
        // the send completes when the message is acknowledged, just before its span ends
        org.jzenith.test.Await.until(Duration.ofSeconds(10), "the consumer's span ended", () -> kept.spans.stream()
                .anyMatch(span -> span.getName().equals("process traced")));
        final SpanData consumer = kept.spans.stream()
                .filter(span -> span.getName().equals("process traced"))
                .findFirst()
                .orElseThrow();
        assertThat(consumer.getParentSpanId())
                .isEqualTo(request.getSpanContext().getSpanId());
        assertThat(consumer.getAttributes().asMap().toString()).contains("messaging.system=in-process");
    }
}
