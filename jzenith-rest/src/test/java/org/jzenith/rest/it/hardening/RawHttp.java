package org.jzenith.rest.it.hardening;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Sends bytes over a plain socket and reads what comes back, for the requests no HTTP client would
 * send: malformed framing, smuggling shapes, slow senders.
 *
 * @param text what the server sent before it closed the connection or went quiet
 * @param closed whether the server closed the connection
 */
record RawHttp(String text, boolean closed) {

    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.[01] \\d{3} ");

    /** Sends {@code request} and reads until the server closes or is quiet for {@code quietMillis}. */
    static RawHttp exchange(final int port, final String request, final int quietMillis) {
        return exchange(port, request.getBytes(StandardCharsets.ISO_8859_1), quietMillis);
    }

    static RawHttp exchange(final int port, final byte[] request, final int quietMillis) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(quietMillis);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            return read(socket.getInputStream());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static RawHttp read(final InputStream in) throws IOException {
        final ByteArrayOutputStream received = new ByteArrayOutputStream();
        final byte[] buffer = new byte[8192];
        try {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                received.write(buffer, 0, n);
            }
        } catch (final SocketTimeoutException quiet) {
            return new RawHttp(received.toString(StandardCharsets.ISO_8859_1), false);
        } catch (final IOException reset) {
            return new RawHttp(received.toString(StandardCharsets.ISO_8859_1), true);
        }
        return new RawHttp(received.toString(StandardCharsets.ISO_8859_1), true);
    }

    /** The status code of the first response, or 0 when none came. */
    int status() {
        return text.startsWith("HTTP/") && text.length() >= 12 ? Integer.parseInt(text.substring(9, 12)) : 0;
    }

    /** How many responses came: status lines, which a body's mention of HTTP/1.1 is not. */
    int responses() {
        return (int) STATUS_LINE.matcher(text).results().count();
    }
}
