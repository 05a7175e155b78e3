package org.jzenith.rest.internal.errors;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * An RFC 9457 problem document, the body of every error response.
 *
 * @param type always {@code about:blank}: the status says what kind of problem it is
 * @param title the reason phrase of the status
 * @param status the HTTP status
 * @param detail what went wrong, for the client; never anything internal
 * @param instance the request path
 * @param requestId set for server errors, to match the response with the log line
 * @param traceId the trace id of the caller's W3C {@code traceparent}, when it sent one, to find the
 *     request in the caller's trace and in the access log
 * @param violations for validation errors, each failed constraint
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Problem(
        String type,
        String title,
        int status,
        String detail,
        String instance,
        String requestId,
        String traceId,
        List<Violation> violations) {

    public Problem {
        violations = List.copyOf(violations);
    }

    public static Problem of(final int status, final String detail, final String instance) {
        return new Problem("about:blank", ReasonPhrases.of(status), status, detail, instance, "", "", List.of());
    }

    public Problem withRequestId(final String id) {
        return new Problem(type, title, status, detail, instance, id, traceId, violations);
    }

    public Problem withTraceId(final String id) {
        return new Problem(type, title, status, detail, instance, requestId, id, violations);
    }

    public Problem withViolations(final List<Violation> list) {
        return new Problem(type, title, status, detail, instance, requestId, traceId, list);
    }
}
