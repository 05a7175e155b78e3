package org.jzenith.rest.internal.errors;

import io.netty.handler.codec.http.ContentLengthNotAllowedException;
import io.netty.handler.codec.http.InvalidLineSeparatorException;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;

/**
 * What was wrong with a request Netty could not decode, in the client's terms: the status, a detail
 * that says what to fix, and whether the request line had been read (so that the problem's
 * {@code instance} can be the request's own path).
 *
 * <p>Netty says what it refused through a few exception types and, for the rest, the first words of
 * an {@code IllegalArgumentException}'s message; a message this does not know gets the general
 * detail. Only on the error path of a malformed request.
 *
 * @param status the status to answer
 * @param detail the problem's detail
 * @param lineRead whether the request line was read before the request was refused
 */
record UndecodableRequest(int status, String detail, boolean lineRead) {

    static UndecodableRequest of(final Throwable cause) {
        if (cause instanceof TooLongHttpLineException) {
            return new UndecodableRequest(
                    414, "The request line is longer than the server accepts (rest.limits.max-request-line)", false);
        }
        if (cause instanceof TooLongHttpHeaderException) {
            return header(431, "The request headers are larger than the server accepts (rest.limits.max-header-size)");
        }
        if (cause instanceof ContentLengthNotAllowedException) {
            return header(
                    400,
                    "The request has both Content-Length and Transfer-Encoding, which HTTP/1.1 does not allow"
                            + " (RFC 9112, section 6.1): send one of them");
        }
        if (cause instanceof InvalidLineSeparatorException) {
            return new UndecodableRequest(
                    400, "A line of the request ends in a bare line feed; HTTP/1.1 ends lines with CR LF", false);
        }
        final String message = cause == null ? "" : String.valueOf(cause.getMessage());
        if (message.startsWith("The final transfer coding must be chunked")) {
            return header(400, "The request's Transfer-Encoding is not supported: its last coding must be chunked");
        }
        if (message.startsWith("Multiple Content-Length values")) {
            return header(400, "The request has more than one Content-Length value");
        }
        if (message.startsWith("Content-Length value is not a number")) {
            return header(400, "The request's Content-Length is not a number");
        }
        if (foldedLine(message)) {
            return header(
                    400,
                    "A header line begins with a space or a tab: an obsolete folded line (obs-fold, RFC 9112"
                            + " section 5.2), which this server does not accept; send each header on one line as"
                            + " name: value");
        }
        if (message.startsWith("a header name cannot contain")) {
            return header(
                    400, "A header name holds a character a name may not have, such as a space or a control character");
        }
        if (message.startsWith("a header value cannot contain")) {
            return header(400, "A header value holds a control character");
        }
        if (message.startsWith("No colon found")) {
            return header(400, "A header line has no colon; each header is name: value");
        }
        if (message.startsWith("Invalid version") || message.startsWith("text is empty")) {
            return new UndecodableRequest(
                    400, "The request line is not a method, a target and HTTP/1.1, separated by single spaces", false);
        }
        return new UndecodableRequest(400, "The request is not valid HTTP/1.1", false);
    }

    /**
     * Whether the header whose name was refused began with a space or a tab: a folded line with no
     * header before it to continue (RFC 9112 section 5.2), right after the request line. Netty folds a
     * continuation line into the header above it; here there is none, so the line's name is read with
     * its leading white space and refused. Vert.x's message ends in {@code ": " + name} (a name holds no
     * colon); Netty's own, should it be the one to refuse it, names the character at index 0.
     */
    private static boolean foldedLine(final String message) {
        if (message.startsWith("a header name cannot contain")) {
            final int name = message.lastIndexOf(": ") + 2;
            return name > 1 && name < message.length() && isSpaceOrTab(message.charAt(name));
        }
        return message.startsWith("a header name can only contain")
                && (message.contains("character 0x20 at index 0") || message.contains("character 0x9 at index 0"));
    }

    private static boolean isSpaceOrTab(final char c) {
        return c == ' ' || c == '\t';
    }

    private static UndecodableRequest header(final int status, final String detail) {
        return new UndecodableRequest(status, detail, true);
    }
}
