package org.jzenith.rest.internal.invoke;

import io.vertx.core.Context;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.ReturnKind;

/**
 * The last stage: writes what the method returned, on the event loop ({@link ResultHandler}), or a
 * {@code StreamingOutput} on a thread that may block, through a stream that hands its parts to the
 * event loop.
 *
 * <p>Thread-safe; called on the thread the method ran on.
 */
final class WriteStage {

    private final String displayName;
    /** Whether the method may return a {@code StreamingOutput}, alone or as a Response's entity. */
    private final boolean mayStream;

    private final ResultHandler results;
    private final BodyWriter body;
    private final ThreadFactory virtualThreads;
    private final ErrorResponder errors;
    private final Answering answering;

    WriteStage(
            final EndpointDefinition endpoint,
            final ResultHandler results,
            final BodyWriter body,
            final ThreadFactory virtualThreads,
            final ErrorResponder errors,
            final Answering answering) {
        this.displayName = endpoint.displayName();
        this.mayStream = endpoint.returnKind() == ReturnKind.VALUE || endpoint.returnKind() == ReturnKind.RESPONSE;
        this.results = results;
        this.body = body;
        this.virtualThreads = virtualThreads;
        this.errors = errors;
        this.answering = answering;
    }

    void write(final RoutingContext routing, final Context context, final Object result) {
        if (mayStream
                && (result instanceof StreamingOutput
                        || (result instanceof Response response && response.getEntity() instanceof StreamingOutput))) {
            if (Thread.currentThread().isVirtual() || !Context.isOnEventLoopThread()) {
                stream(routing, context, result);
            } else {
                // @NonBlocking: the output blocks while it writes, so it writes on a thread of its own.
                virtualThreads.newThread(() -> stream(routing, context, result)).start();
            }
            return;
        }
        answering.answer(routing, context, (OnContext.Answer) () -> written(routing, context, result));
    }

    /** On the event loop. */
    private void written(final RoutingContext routing, final Context context, final Object result) {
        try {
            results.handle(routing, context, result);
        } catch (final Throwable failure) {
            errors.fail(routing, displayName, failure);
            if (failure instanceof VirtualMachineError fatal) {
                throw fatal;
            }
        }
    }

    /**
     * Writes a {@code StreamingOutput} on this (virtual or worker) thread; a failure before anything
     * is out is answered, one after it cuts the response off.
     */
    private void stream(final RoutingContext routing, final Context context, final Object result) {
        final Optional<Response> response = result instanceof Response r ? Optional.of(r) : Optional.empty();
        final StreamingOutput output =
                (StreamingOutput) response.map(Response::getEntity).orElse(result);
        final int status = response.map(Response::getStatus).orElse(200);
        final Map<String, List<String>> headers = response.map(r -> {
                    final Map<String, List<String>> copy = new HashMap<>(r.getStringHeaders());
                    copy.remove(HttpHeaders.CONTENT_TYPE.toString());
                    return copy;
                })
                .orElse(Map.of());
        final ResponseOutputStream out = new ResponseOutputStream(routing, context, chunked -> {
            final CharSequence contentType =
                    response.isPresent() ? body.contentTypeOf(routing, response.get()) : body.negotiated(routing);
            body.startStream(routing, status, headers, contentType, chunked);
        });
        try {
            output.write(out);
            out.close();
        } catch (final Throwable failure) {
            if (!out.started()) {
                answering.fail(routing, context, failure);
            } else if (!(failure instanceof ResponseOutputStream.ClientGone)) {
                OnContext.run(context, () -> errors.fail(routing, displayName, failure)); // logs, cuts it off
            }
            if (failure instanceof VirtualMachineError fatal) {
                throw fatal;
            }
        }
    }
}
