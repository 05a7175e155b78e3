package org.jzenith.rest.internal.sse;

import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.SseBroadcaster;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Sends every event to the sinks registered with it; a sink whose client left is dropped (and the
 * close listeners told), one whose send fails is reported to the error listeners. Thread-safe.
 */
final class Broadcaster implements SseBroadcaster {

    private final List<SseEventSink> sinks = new CopyOnWriteArrayList<>();
    private final List<BiConsumer<SseEventSink, Throwable>> errorListeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<SseEventSink>> closeListeners = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    @Override
    public void onError(final BiConsumer<SseEventSink, Throwable> listener) {
        errorListeners.add(listener);
    }

    @Override
    public void onClose(final Consumer<SseEventSink> listener) {
        closeListeners.add(listener);
    }

    @Override
    public void register(final SseEventSink sink) {
        if (closed) {
            throw new IllegalStateException("The broadcaster is closed");
        }
        sinks.add(sink);
    }

    @Override
    public CompletionStage<?> broadcast(final OutboundSseEvent event) {
        if (closed) {
            throw new IllegalStateException("The broadcaster is closed");
        }
        final List<CompletableFuture<?>> sends = new java.util.ArrayList<>();
        for (final SseEventSink sink : sinks) {
            if (sink.isClosed()) {
                drop(sink);
                continue;
            }
            sends.add(sink.send(event).toCompletableFuture().whenComplete((ignored, failure) -> {
                if (failure != null) {
                    errorListeners.forEach(listener -> listener.accept(sink, failure));
                    if (sink.isClosed()) {
                        drop(sink);
                    }
                }
            }));
        }
        return CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new));
    }

    @Override
    public void close() {
        close(true);
    }

    @Override
    public void close(final boolean cascading) {
        closed = true;
        for (final SseEventSink sink : sinks) {
            if (cascading) {
                try {
                    sink.close();
                } catch (final Exception e) {
                    errorListeners.forEach(listener -> listener.accept(sink, e));
                }
            }
            closeListeners.forEach(listener -> listener.accept(sink));
        }
        sinks.clear();
    }

    private void drop(final SseEventSink sink) {
        if (sinks.remove(sink)) {
            closeListeners.forEach(listener -> listener.accept(sink));
        }
    }
}
