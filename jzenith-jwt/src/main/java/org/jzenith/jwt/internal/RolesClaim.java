package org.jzenith.jwt.internal;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Reads the roles from a token's claims: the claim named as it is, else the path its dots make
 * ({@code realm_access.roles}); an array of strings, or one string of roles separated by spaces.
 * Anything else is no roles.
 *
 * @param claim the claim's name or path
 */
public record RolesClaim(String claim) {

    /** The roles {@code claims} give; empty when the claim is missing or of another shape. */
    public Set<String> roles(final JsonObject claims) {
        final Object value = claims.containsKey(claim) ? claims.getValue(claim) : atPath(claims);
        final Set<String> roles = new LinkedHashSet<>();
        if (value instanceof JsonArray array) {
            for (final Object role : array) {
                if (role instanceof String name) {
                    roles.add(name);
                }
            }
        } else if (value instanceof String text) {
            for (final String role : text.trim().split("\\s+")) {
                if (!role.isEmpty()) {
                    roles.add(role);
                }
            }
        }
        return roles;
    }

    private Object atPath(final JsonObject claims) {
        Object current = claims;
        for (final String part : claim.split("\\.")) {
            if (!(current instanceof JsonObject object)) {
                return null;
            }
            current = object.getValue(part);
        }
        return current;
    }
}
