package org.jzenith.rest.internal.invoke;

import java.util.Locale;
import java.util.Optional;

/**
 * The charset a request body declares, for endpoints whose body jZenith decodes itself (JSON, form
 * fields, a {@code String} or {@code Reader} parameter): it reads them as UTF-8, so a body that says
 * it is in another charset would be read wrongly and stored so. Such a body is refused with 415
 * instead. US-ASCII is a subset of UTF-8 and passes. A body without a charset is UTF-8, as JSON is
 * (RFC 8259). Stateless; the common case, a Content-Type without parameters, costs one scan for
 * {@code ;}.
 */
final class TextCharset {

    private static final String PARAMETER = "charset=";

    private TextCharset() {}

    /**
     * The charset {@code contentType} declares when it is one jZenith does not read, as written; empty
     * when it declares none, UTF-8 or US-ASCII.
     */
    static Optional<String> unreadable(final String contentType) {
        final int semicolon = contentType.indexOf(';');
        if (semicolon < 0) {
            return Optional.empty();
        }
        final String parameters = contentType.substring(semicolon).toLowerCase(Locale.ROOT);
        final int at = parameters.indexOf(PARAMETER);
        if (at < 0) {
            return Optional.empty();
        }
        int end = parameters.indexOf(';', at);
        end = end < 0 ? parameters.length() : end;
        final String value = parameters.substring(at + PARAMETER.length(), end).trim();
        final String charset = value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
                ? value.substring(1, value.length() - 1)
                : value;
        return switch (charset) {
            case "utf-8", "utf8", "us-ascii", "ascii" -> Optional.empty();
            default -> Optional.of(charset);
        };
    }
}
