package org.jzenith.rest.internal.errors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.opentelemetry.context.Scope;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.lang.reflect.InvocationTargetException;
import java.nio.channels.ClosedChannelException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.rest.internal.filters.ResponseFiltering;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.observability.RequestTracing;
import org.jzenith.rest.internal.observability.TraceIds;
import org.jzenith.rest.internal.server.ResponseHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns failures into RFC 9457 problem responses: mapped exceptions get their status, a {@link
 * WebApplicationException} keeps its own, constraint violations are a 400 listing them, and
 * anything else is a 500 that says nothing internal and carries a request id that the log line
 * with the stack trace carries too.
 *
 * <p>Thread-safe; call it on the request's event loop.
 */
public final class ErrorResponder {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorResponder.class);
    private static final CharSequence PROBLEM_JSON = HttpHeaders.createOptimized("application/problem+json");
    // An error is about this request, not a representation of the resource: no cache may keep it.
    private static final CharSequence NO_STORE = HttpHeaders.createOptimized("no-store");
    private static final MediaType PROBLEM_TYPE = new MediaType("application", "problem+json");
    private static final CharSequence WWW_AUTHENTICATE = HttpHeaders.createOptimized("WWW-Authenticate");

    private final ExceptionMappers exceptionMappers;
    private final ResponseFiltering filtering;
    private final ExceptionMappings mappings;
    private final ObjectWriter problemWriter;
    private final ResponseHeaders headers;
    private final BiConsumer<RoutingContext, Response> responseWriter;
    /** The seconds a client is told to wait when a store is away. */
    private final CharSequence retryAfter;

    public ErrorResponder(
            final ExceptionMappers exceptionMappers,
            final ResponseFiltering filtering,
            final ExceptionMappings mappings,
            final JsonCodec json,
            final ResponseHeaders headers,
            final BiConsumer<RoutingContext, Response> responseWriter,
            final Duration retryAfter) {
        this.exceptionMappers = exceptionMappers;
        this.filtering = filtering;
        this.mappings = mappings;
        this.problemWriter = json.writerFor(Problem.class);
        this.headers = headers;
        this.responseWriter = responseWriter;
        this.retryAfter = HttpHeaders.createOptimized(Long.toString(Math.max(1, retryAfter.toSeconds())));
    }

    /** Answers {@code context} for {@code failure} thrown or signalled by {@code endpoint}. */
    public void fail(final RoutingContext context, final String endpoint, final Throwable failure) {
        final Throwable cause = unwrap(failure);
        final Optional<ExceptionMapper<Throwable>> mapper = exceptionMappers.find(cause);
        // A WebApplicationException that carries its own entity is its answer, as Jakarta REST says.
        if (mapper.isPresent()
                && !(cause instanceof WebApplicationException web
                        && web.getResponse().hasEntity())) {
            mapped(context, endpoint, mapper.get(), cause);
            return;
        }
        final Optional<ExceptionMappings.Mapped> mapped = mappings.find(cause);
        if (mapped.isPresent() && mapped.get().status() >= 500) {
            unavailable(context, endpoint, mapped.get());
        } else if (mapped.isPresent()) {
            // The mapped exception's own message: an outer wrapper's may be internal.
            final int status = mapped.get().status();
            send(
                    context,
                    Problem.of(
                            status,
                            mapped.get()
                                    .detail()
                                    .orElseGet(() -> messageOf(mapped.get().exception(), status)),
                            context.request().path()));
        } else if (cause instanceof WebApplicationException web) {
            webApplicationException(context, endpoint, web);
        } else if (cause instanceof ConstraintViolationException violations) {
            send(
                    context,
                    Problem.of(
                                    400,
                                    "The request is not valid",
                                    context.request().path())
                            .withViolations(Violations.of(violations.getConstraintViolations())));
        } else {
            serverError(context, endpoint, cause);
        }
    }

    /**
     * Answers with what the application's {@link ExceptionMapper} makes of {@code cause}; a mapper
     * that fails is a 500 like any failure, and one that returns no response is a 204.
     */
    private void mapped(
            final RoutingContext context,
            final String endpoint,
            final ExceptionMapper<Throwable> mapper,
            final Throwable cause) {
        final Response response;
        try {
            response = mapper.toResponse(cause);
        } catch (final RuntimeException e) {
            e.addSuppressed(cause);
            serverError(
                    context,
                    endpoint + "'s exception mapper " + mapper.getClass().getSimpleName(),
                    e);
            return;
        }
        if (context.response().headWritten()) {
            context.request().connection().close(); // part of a body is out already
        } else if (response == null) {
            headers.addTo(context.response().headers());
            context.response().setStatusCode(204).end();
        } else {
            responseWriter.accept(context, response);
        }
    }

    /**
     * Answers a request that Vert.x Web's own routing failed with {@code status} where {@code router}
     * has no handler that words that status, such as the 417 its body handler answers to an {@code
     * Expect} other than {@code 100-continue}. Vert.x Web itself would log "Unhandled exception in
     * router" at ERROR and name neither the request nor the status. A 4xx is the client's doing:
     * answered as a problem, logged at DEBUG. A 5xx is logged at ERROR naming the router, the
     * request, the route and the failure. A client that has gone is answered nothing and logged at
     * DEBUG.
     */
    public void routingFailed(final RoutingContext context, final int status, final String router) {
        final Throwable failure = context.failure();
        final HttpServerRequest request = context.request();
        if (context.response().closed()) {
            LOG.debug(
                    "The {} failed {} {} with status {} after its client went away: {}",
                    router,
                    request.method(),
                    request.path(),
                    status,
                    String.valueOf(failure));
            return;
        }
        if (status >= 500) {
            final Route route = context.currentRoute();
            serverError(
                    context,
                    status,
                    "The " + router
                            + (route == null || route.getName() == null ? "" : " (route " + route.getName() + ")"),
                    failure == null
                            ? new IllegalStateException("failed with status " + status + " and no exception")
                            : failure);
            return;
        }
        LOG.debug("The {} answered {} to {} {}: {}", router, status, request.method(), request.path(), failure);
        if (status == 417) {
            // The body the client may have sent after the refused expectation is not read: the
            // connection cannot be trusted to be at the start of a request any more.
            context.response().putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
            context.addEndHandler(ended -> request.connection().close());
        }
        send(context, status, clientErrorDetail(request, status, failure));
    }

    private static String clientErrorDetail(
            final HttpServerRequest request, final int status, final Throwable failure) {
        if (status == 417) {
            return "The request expects \"" + request.getHeader(HttpHeaders.EXPECT) + "\", which this server does not"
                    + " meet: the only expectation it knows is 100-continue (RFC 9110, section 10.1.1)";
        }
        // Vert.x Web's HttpException carries a payload meant for the client; other messages may be internal.
        return failure instanceof HttpException http
                        && http.getPayload() != null
                        && !http.getPayload().isBlank()
                ? http.getPayload()
                : ReasonPhrases.of(status);
    }

    /** Answers with {@code response}, as a resource method that returned it would: a filter aborted the request. */
    public void respond(final RoutingContext context, final Response response) {
        responseWriter.accept(context, response);
    }

    /** Answers with {@code status} and {@code detail}, for errors found before any resource method ran. */
    public void send(final RoutingContext context, final int status, final String detail) {
        send(context, Problem.of(status, detail, context.request().path()));
    }

    /**
     * Answers 401 with {@code challenges} in {@code WWW-Authenticate} (one header line each, as RFC
     * 9110 allows), for a request whose credentials do not hold or that needs a user and has none.
     */
    public void unauthorized(final RoutingContext context, final List<String> challenges, final String detail) {
        final HttpServerResponse response = context.response();
        if (!response.headWritten()) {
            for (final String challenge : challenges) {
                response.headers().add(WWW_AUTHENTICATE, challenge);
            }
        }
        send(context, 401, detail);
    }

    /**
     * Answers 415 for a request whose body has a content type the endpoint does not read, or none
     * where one is needed: the one place that words this answer, whether Vert.x Web's routing
     * (declared {@code @Consumes}) or the endpoint (an implied JSON or form body) found it.
     */
    public void unsupportedMediaType(final RoutingContext context) {
        final String contentType = context.request().getHeader(HttpHeaders.CONTENT_TYPE);
        send(
                context,
                415,
                contentType == null
                        ? "The request has no Content-Type; send the body with one this endpoint accepts"
                        : "This endpoint does not accept the content type " + contentType);
    }

    /**
     * Answers 503 with {@code Retry-After} for a request refused before any work was done for it,
     * because the server is at its limits.
     */
    public void overloaded(final RoutingContext context, final String detail) {
        context.response().putHeader(HttpHeaders.RETRY_AFTER, retryAfter);
        send(context, 503, detail);
    }

    /**
     * Answers a request that Netty could not decode (a malformed or oversized request line or
     * header) and closes its connection, which cannot be trusted to be at the start of a request
     * any more: 414 for a request line past {@code rest.limits.max-request-line}, 431 for headers
     * past {@code rest.limits.max-header-size}, 400 for the rest, as a problem document whose detail
     * says what was wrong ({@link UndecodableRequest}). A client's mistake, so logged at DEBUG only.
     */
    public void malformed(final HttpServerRequest request) {
        final Throwable cause = request.decoderResult().cause();
        final UndecodableRequest undecodable = UndecodableRequest.of(cause);
        final int status = undecodable.status();
        LOG.debug("Answered {} to a request that could not be decoded: {}", status, String.valueOf(cause));
        // Before its request line is read, a request has no path of its own (Netty gives it a made-up one).
        final String instance = undecodable.lineRead() && request.path() != null ? request.path() : "/";
        final Buffer body;
        try {
            body = JsonCodec.write(problemWriter, Problem.of(status, undecodable.detail(), instance));
        } catch (final JsonProcessingException e) {
            throw new IllegalStateException("A problem document cannot be written", e);
        }
        final HttpServerResponse response = request.response();
        headers.addTo(response.headers());
        response.setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, PROBLEM_JSON)
                .putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE)
                .end(body)
                .onComplete(ignored -> request.connection().close());
    }

    /** Answers with a 400 listing {@code violations}. */
    public void invalid(final RoutingContext context, final List<Violation> violations) {
        send(
                context,
                Problem.of(400, "The request is not valid", context.request().path())
                        .withViolations(violations));
    }

    private void webApplicationException(
            final RoutingContext context, final String endpoint, final WebApplicationException web) {
        final Response response = web.getResponse();
        if (response.getStatus() >= 500) {
            try (Scope _ = RequestTracing.logContext()) {
                LOG.warn("{} answered {}: {}", endpoint, response.getStatus(), web.toString());
            }
        }
        if (response.hasEntity()) {
            responseWriter.accept(context, response);
        } else {
            // Keep what the exception's response says besides its body: Location, Retry-After, ...
            response.getStringHeaders().forEach((name, values) -> {
                if (!name.equalsIgnoreCase("Content-Type") && !name.equalsIgnoreCase("Content-Length")) {
                    context.response().headers().set(name, values);
                }
            });
            send(
                    context,
                    Problem.of(
                            response.getStatus(),
                            messageOf(web, response.getStatus()),
                            context.request().path()));
        }
    }

    /**
     * A mapped server-side status, such as 503 for a database that is away: the message of a
     * connection failure names internal hosts and ports, so the client gets a plain statement and a
     * request id, and the log line gets the cause.
     */
    private void unavailable(
            final RoutingContext context, final String endpoint, final ExceptionMappings.Mapped mapped) {
        final String requestId = RequestIds.of(context);
        try (Scope _ = RequestTracing.logContext()) {
            LOG.warn(
                    "{} answered {} [request id {}]: {}",
                    endpoint,
                    mapped.status(),
                    requestId,
                    mapped.exception().toString());
        }
        // A mapping's own detail is written for clients (it names nothing internal); the exception's is not.
        final String detail = mapped.status() == ExceptionMapping.UNAVAILABLE
                ? mapped.detail().orElse("A service this request needs is unavailable; try again later")
                        + " (request id " + requestId + ")"
                : "The server failed to answer this request; quote request id " + requestId + " when reporting it";
        if (mapped.status() == ExceptionMapping.UNAVAILABLE) {
            context.response().putHeader(HttpHeaders.RETRY_AFTER, retryAfter);
        }
        send(
                context,
                Problem.of(mapped.status(), detail, context.request().path()).withRequestId(requestId));
    }

    private void serverError(final RoutingContext context, final String endpoint, final Throwable cause) {
        serverError(context, 500, endpoint, cause);
    }

    private void serverError(
            final RoutingContext context, final int status, final String endpoint, final Throwable cause) {
        if (context.response().closed() && causedByClosedConnection(cause)) {
            // Not the server's failure: its client went away, and nobody waits for an answer.
            LOG.debug(
                    "{} stopped on {} {}: its client went away ({})",
                    endpoint,
                    context.request().method(),
                    context.request().path(),
                    String.valueOf(cause));
            return;
        }
        final String requestId = RequestIds.of(context);
        try (Scope _ = RequestTracing.logContext()) {
            LOG.error(
                    "{} failed on {} {} with status {} [request id {}]",
                    endpoint,
                    context.request().method(),
                    context.request().uri(),
                    status,
                    requestId,
                    cause);
        }
        send(
                context,
                Problem.of(
                                status,
                                "The server failed to answer this request; quote request id " + requestId
                                        + " when reporting it",
                                context.request().path())
                        .withRequestId(requestId));
    }

    /** Writes {@code problem}, unless the response has already started, in which case it is cut off. */
    public void send(final RoutingContext context, final Problem untraced) {
        final Problem problem = TraceIds.of(context).map(untraced::withTraceId).orElse(untraced);
        final HttpServerResponse response = context.response();
        if (response.headWritten()) {
            // Part of a body is out: the client must see that it is incomplete.
            context.request().connection().close();
            return;
        }
        final Buffer body;
        try {
            body = JsonCodec.write(problemWriter, problem);
        } catch (final JsonProcessingException e) {
            throw new IllegalStateException("A problem document cannot be written", e);
        }
        closeWhenAWaitedBodyIsRefused(context);
        headers.addTo(response.headers());
        response.setStatusCode(problem.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, PROBLEM_JSON)
                .putHeader(HttpHeaders.CACHE_CONTROL, NO_STORE);
        if (!problem.requestId().isEmpty()) {
            response.putHeader(RequestIds.HEADER, problem.requestId());
        }
        final Optional<ResponseFiltering.Outcome> filtered = filtering.runsFor(context)
                ? filtering.filter(
                        context, problem.status(), body.toString(StandardCharsets.UTF_8), PROBLEM_TYPE, false)
                : Optional.empty();
        if (filtered.isEmpty()) {
            response.end(body);
            return;
        }
        // A response filter saw the problem as JSON text, and may have changed it.
        final ResponseFiltering.Outcome outcome = filtered.get();
        response.setStatusCode(outcome.status());
        if (outcome.entity() == null) {
            response.headers().remove(HttpHeaders.CONTENT_TYPE);
            response.end();
            return;
        }
        if (outcome.mediaType() != null) {
            response.putHeader(HttpHeaders.CONTENT_TYPE, outcome.mediaType().toString());
        }
        response.end(Buffer.buffer(outcome.entity().toString().getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * A client that sent {@code Expect: 100-continue} waits for the go-ahead before its body: refused
     * before the body came, it will not send it, and the connection is no longer at the start of a
     * request. The response says {@code Connection: close} and the connection is closed once it is
     * out, instead of waiting for the idle timeout. HTTP/1 only: an HTTP/2 stream ends by itself.
     */
    private static void closeWhenAWaitedBodyIsRefused(final RoutingContext context) {
        final HttpServerRequest request = context.request();
        if (request.isEnded()
                || request.version() == io.vertx.core.http.HttpVersion.HTTP_2
                || request.getHeader(HttpHeaders.EXPECT) == null) {
            return;
        }
        context.response().putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
        context.addEndHandler(ended -> request.connection().close());
    }

    private static boolean causedByClosedConnection(final Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof HttpClosedException || cause instanceof ClosedChannelException) {
                return true;
            }
        }
        return false;
    }

    private static String messageOf(final Throwable failure, final int status) {
        final String message = failure.getMessage();
        return message == null || message.isBlank() ? ReasonPhrases.of(status) : message;
    }

    private static Throwable unwrap(final Throwable failure) {
        Throwable current = failure;
        while ((current instanceof CompletionException
                        || current instanceof ExecutionException
                        || current instanceof InvocationTargetException)
                && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }
}
