package org.jzenith.rest.security;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A {@code WWW-Authenticate} challenge (RFC 9110 section 11.6.1): a scheme and its parameters, in
 * order.
 *
 * <pre>{@code
 * Challenge.of("Bearer").with("realm", "users").with("error", "invalid_token").header()
 * // Bearer realm="users", error="invalid_token"
 * }</pre>
 *
 * @param scheme the authentication scheme, such as {@code Bearer}
 * @param parameters the auth-params, in the order they are written
 */
public record Challenge(String scheme, Map<String, String> parameters) {

    public Challenge {
        Objects.requireNonNull(scheme, "scheme");
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /** The scheme without parameters. */
    public static Challenge of(final String scheme) {
        return new Challenge(scheme, Map.of());
    }

    /** This challenge with one more parameter (or {@code name} given a new value, in its place). */
    public Challenge with(final String name, final String value) {
        final Map<String, String> more = new LinkedHashMap<>(parameters);
        more.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return new Challenge(scheme, more);
    }

    /**
     * The header's value: the scheme, then each parameter as a quoted string. Characters a header
     * cannot carry (line breaks, controls, non-ASCII) become a space, so a reason that quotes the
     * client's input cannot split the header.
     */
    public String header() {
        final StringBuilder header = new StringBuilder(scheme);
        String separator = " ";
        for (final Map.Entry<String, String> parameter : parameters.entrySet()) {
            header.append(separator).append(parameter.getKey()).append("=\"");
            quote(parameter.getValue(), header);
            header.append('"');
            separator = ", ";
        }
        return header.toString();
    }

    private static void quote(final String value, final StringBuilder into) {
        for (int i = 0; i < value.length(); i++) {
            final char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                into.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                into.append(' ');
            } else {
                into.append(c);
            }
        }
    }
}
