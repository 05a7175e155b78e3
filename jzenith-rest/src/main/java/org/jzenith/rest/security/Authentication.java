package org.jzenith.rest.security;

import java.util.Objects;

/**
 * What an {@link Authenticator} made of a request's credentials: none of its scheme, a user, or a
 * rejection with the challenge to send back.
 *
 * <pre>{@code
 * Authentication.absent();                                          // ask the next authenticator
 * Authentication.of(Identity.of("ada", Set.of("admin")));           // the request is ada's
 * Authentication.rejected(challenge().with("error", "invalid_token"), "The token has expired");
 * }</pre>
 */
public sealed interface Authentication {

    /** The request carries no credentials of this scheme; the next authenticator is asked. */
    static Authentication absent() {
        return Absent.INSTANCE;
    }

    /** The credentials prove {@code identity}. */
    static Authentication of(final Identity identity) {
        return new Authenticated(identity);
    }

    /**
     * The credentials are present but do not hold: the request is answered 401 with {@code
     * challenge} in {@code WWW-Authenticate} and {@code reason} as the problem's detail (so a
     * reason names what is wrong, never a Java type or a stack trace).
     */
    static Authentication rejected(final Challenge challenge, final String reason) {
        return new Rejected(challenge, reason);
    }

    /** No credentials of the authenticator's scheme. */
    enum Absent implements Authentication {
        INSTANCE
    }

    /**
     * A user.
     *
     * @param identity who sent the request
     */
    record Authenticated(Identity identity) implements Authentication {

        public Authenticated {
            Objects.requireNonNull(identity, "identity");
        }
    }

    /**
     * Credentials that do not hold.
     *
     * @param challenge the {@code WWW-Authenticate} challenge of the 401
     * @param reason the problem's detail
     */
    record Rejected(Challenge challenge, String reason) implements Authentication {

        public Rejected {
            Objects.requireNonNull(challenge, "challenge");
            Objects.requireNonNull(reason, "reason");
        }
    }
}
