package org.jzenith.jwt.internal;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/** Reads the bearer token of a request (RFC 6750 section 2.1) and the key id its JWT header names. */
public final class BearerToken {

    private static final String SCHEME = "bearer ";

    private BearerToken() {}

    /** The text after {@code Authorization: Bearer}, stripped; empty when the header is absent or of another scheme. */
    public static Optional<String> of(final HttpServerRequest request) {
        final String authorization = request.getHeader("Authorization");
        if (authorization == null
                || authorization.length() < SCHEME.length()
                || !authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return Optional.empty();
        }
        return Optional.of(authorization.substring(SCHEME.length()).strip());
    }

    /** Whether {@code token} has the shape of a signed JWT: three non-empty base64url parts. */
    public static boolean isCompactJws(final String token) {
        int dots = 0;
        int partLength = 0;
        for (int i = 0; i < token.length(); i++) {
            final char c = token.charAt(i);
            if (c == '.') {
                if (partLength == 0) {
                    return false;
                }
                dots++;
                partLength = 0;
            } else if ((c >= 'A' && c <= 'Z')
                    || (c >= 'a' && c <= 'z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '_') {
                partLength++;
            } else {
                return false;
            }
        }
        return dots == 2 && partLength > 0;
    }

    /**
     * The {@code kid} of the JWT header of {@code token}, which {@link #isCompactJws} accepted; empty
     * when the header names none or is not a JSON object.
     */
    public static Optional<String> keyId(final String token) {
        final String header = token.substring(0, token.indexOf('.'));
        try {
            final JsonObject json =
                    new JsonObject(new String(Base64.getUrlDecoder().decode(header), StandardCharsets.UTF_8));
            return json.getValue("kid") instanceof String kid ? Optional.of(kid) : Optional.empty();
        } catch (final RuntimeException e) {
            return Optional.empty(); // a header that is not JSON: the signature check rejects the token
        }
    }
}
