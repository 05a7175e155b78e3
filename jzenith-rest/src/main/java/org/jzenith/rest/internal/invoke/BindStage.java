package org.jzenith.rest.internal.invoke;

import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import java.util.function.Predicate;
import org.jzenith.rest.internal.binding.ArgumentResolver;
import org.jzenith.rest.internal.binding.ArgumentResolvers;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.ParameterSource;
import org.jzenith.rest.internal.params.Binding;
import org.jzenith.rest.internal.sse.ServerSentEvents;

/**
 * The stage that turns the request into the method's arguments, as plain values, on the event loop
 * (a method that runs elsewhere never sees Vert.x's request objects): checks the content type
 * (415), binds the parameters and the sub-resource locators' (400), and makes the {@code
 * AsyncResponse} or event sink the method takes.
 *
 * <p>Thread-safe; called on the request's event loop.
 */
final class BindStage {

    static final Object[][] NO_LOCATED = {};
    private static final Object[] NO_ARGUMENTS = {};

    private final ArgumentResolver[] resolvers;
    private final ArgumentResolver[][] locatorResolvers;
    /** Empty where any content type will do, so that such a request does not look the header up. */
    private final Optional<Predicate<String>> acceptsContentType;
    /** Whether jZenith reads the body as UTF-8 text, so that a body in another charset is refused. */
    private final boolean decodesText;
    /** The index of the {@code @Suspended AsyncResponse} argument, -1 when the method has none. */
    private final int suspendedIndex;

    private final Suspension suspension;
    /** The index of the {@code @Context SseEventSink} argument, -1 when the method has none. */
    private final int eventSinkIndex;

    private final ServerSentEvents events;
    private final BodyWriter body;
    private final ErrorResponder errors;

    BindStage(
            final EndpointDefinition endpoint,
            final ArgumentResolvers.Compiled arguments,
            final Optional<Predicate<String>> acceptsContentType,
            final boolean decodesText,
            final Suspension suspension,
            final ServerSentEvents events,
            final BodyWriter body,
            final ErrorResponder errors) {
        this.resolvers = arguments.resolvers();
        this.locatorResolvers = arguments.locators();
        this.acceptsContentType = acceptsContentType;
        this.decodesText = decodesText;
        this.suspendedIndex = indexOf(endpoint, ParameterSource.SUSPENDED);
        this.suspension = suspension;
        this.eventSinkIndex = indexOf(endpoint, ParameterSource.EVENT_SINK);
        this.events = events;
        this.body = body;
        this.errors = errors;
    }

    private static int indexOf(final EndpointDefinition endpoint, final ParameterSource source) {
        for (int i = 0; i < endpoint.parameters().size(); i++) {
            if (endpoint.parameters().get(i).source() == source) {
                return i;
            }
        }
        return -1;
    }

    /** The method's arguments; {@code null} once a 415 or 400 has been sent. */
    Object[] arguments(final RoutingContext routing) {
        return acceptable(routing) ? bind(routing) : null;
    }

    /** The arguments of each sub-resource locator; {@code null} once a 400 has been sent. */
    Object[][] located(final RoutingContext routing) {
        if (locatorResolvers.length == 0) {
            return NO_LOCATED;
        }
        final Object[][] located = new Object[locatorResolvers.length][];
        for (int l = 0; l < locatorResolvers.length; l++) {
            located[l] = new Object[locatorResolvers[l].length];
            for (int i = 0; i < locatorResolvers[l].length; i++) {
                final Binding binding = locatorResolvers[l][i].resolve(routing);
                if (binding instanceof Binding.Invalid(final String message)) {
                    errors.send(routing, 400, message);
                    return null;
                }
                located[l][i] = ((Binding.Value) binding).value();
            }
        }
        return located;
    }

    /** Whether the request's content type is one the method reads; answers 415 when it is not. */
    private boolean acceptable(final RoutingContext routing) {
        if (acceptsContentType.isEmpty() && !decodesText) {
            return true;
        }
        final String contentType = routing.request().getHeader(HttpHeaders.CONTENT_TYPE);
        if (contentType == null) {
            return true;
        }
        if (acceptsContentType.isPresent() && !acceptsContentType.get().test(contentType)) {
            errors.unsupportedMediaType(routing);
            return false;
        }
        final Optional<String> charset = decodesText ? TextCharset.unreadable(contentType) : Optional.empty();
        if (charset.isPresent()) {
            errors.send(
                    routing,
                    415,
                    "This endpoint reads the body as UTF-8, and the Content-Type says charset=" + charset.get()
                            + ": send the body in UTF-8");
            return false;
        }
        return true;
    }

    private Object[] bind(final RoutingContext routing) {
        if (resolvers.length == 0) {
            return NO_ARGUMENTS;
        }
        final Object[] arguments = new Object[resolvers.length];
        for (int i = 0; i < resolvers.length; i++) {
            final Binding binding = resolvers[i].resolve(routing);
            if (binding instanceof Binding.Invalid(final String message)) {
                errors.send(routing, 400, message);
                return null;
            }
            arguments[i] = ((Binding.Value) binding).value();
        }
        if (suspendedIndex >= 0) {
            arguments[suspendedIndex] =
                    suspension.suspend(routing, routing.vertx().getOrCreateContext());
        }
        if (eventSinkIndex >= 0) {
            arguments[eventSinkIndex] = events.sink(
                    routing,
                    routing.vertx().getOrCreateContext(),
                    started -> body.startStream(started, 200, EventStream.HEADERS, EventStream.CONTENT_TYPE, true));
        }
        return arguments;
    }
}
