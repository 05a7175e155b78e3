package org.jzenith.rest.internal.model;

import jakarta.ws.rs.core.MediaType;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a media type ({@code application/json; charset=utf-8}) without {@link MediaType#valueOf},
 * which goes through JAX-RS's {@code RuntimeDelegate}: finding and starting Jersey's takes about 120
 * classes and tens of milliseconds on a cold JVM, which the resource scan at start-up should not pay
 * for the types in {@code @Produces} and {@code @Consumes}. Same grammar as RFC 9110 §8.3.1: {@code
 * type "/" subtype *( ";" name "=" ( token / quoted-string ) )}.
 */
public final class MediaTypes {

    private MediaTypes() {}

    /**
     * The media type {@code value} names, as {@link MediaType#valueOf} would read it.
     *
     * @throws IllegalArgumentException when {@code value} is not a media type
     */
    public static MediaType parse(final String value) {
        final Reader reader = new Reader(value);
        reader.spaces();
        final String type = reader.token();
        reader.expect('/');
        final String subtype = reader.token();
        final Map<String, String> parameters = new LinkedHashMap<>();
        reader.spaces();
        while (reader.more()) {
            reader.expect(';');
            reader.spaces();
            if (!reader.more()) {
                break; // "text/plain;" is read as text/plain, as Jersey does
            }
            final String name = reader.token();
            reader.spaces();
            reader.expect('=');
            reader.spaces();
            parameters.put(name, reader.quotedOrToken());
            reader.spaces();
        }
        return parameters.isEmpty() ? new MediaType(type, subtype) : new MediaType(type, subtype, parameters);
    }

    /**
     * {@code type} as a header value, as {@link MediaType#toString} writes it ({@code
     * text/plain;charset=utf-8}), without its {@code RuntimeDelegate}.
     */
    public static String format(final MediaType type) {
        final StringBuilder text = new StringBuilder(type.getType()).append('/').append(type.getSubtype());
        type.getParameters().forEach((name, value) -> {
            text.append(';').append(name).append('=');
            if (!value.isEmpty() && value.chars().allMatch(c -> Reader.isTokenChar((char) c))) {
                text.append(value);
            } else {
                text.append('"');
                value.chars().forEach(c -> {
                    if (c == '"' || c == '\\') {
                        text.append('\\');
                    }
                    text.append((char) c);
                });
                text.append('"');
            }
        });
        return text.toString();
    }

    private static final class Reader {

        private static final String SEPARATORS = "()<>@,;:\\\"/[]?={} \t";

        private final String text;
        private int at;

        Reader(final String text) {
            this.text = text;
        }

        boolean more() {
            return at < text.length();
        }

        void spaces() {
            while (more() && (text.charAt(at) == ' ' || text.charAt(at) == '\t')) {
                at++;
            }
        }

        void expect(final char wanted) {
            if (!more() || text.charAt(at) != wanted) {
                throw invalid("'" + wanted + "' expected at " + at);
            }
            at++;
        }

        String token() {
            final int start = at;
            while (more() && isTokenChar(text.charAt(at))) {
                at++;
            }
            if (at == start) {
                throw invalid("a name expected at " + start);
            }
            return text.substring(start, at);
        }

        String quotedOrToken() {
            if (!more() || text.charAt(at) != '"') {
                return token();
            }
            at++;
            final StringBuilder value = new StringBuilder();
            while (more()) {
                final char c = text.charAt(at++);
                if (c == '"') {
                    return value.toString();
                }
                if (c == '\\' && more()) {
                    value.append(text.charAt(at++));
                } else {
                    value.append(c);
                }
            }
            throw invalid("a quoted value is not closed");
        }

        private IllegalArgumentException invalid(final String why) {
            return new IllegalArgumentException("\"" + text + "\" is not a media type: " + why);
        }

        static boolean isTokenChar(final char c) {
            return c > 32 && c < 127 && SEPARATORS.indexOf(c) < 0;
        }
    }
}
