package org.jzenith.core.security;

import java.util.Optional;

/**
 * Where users and their passwords are kept: a database table, a directory, a file. An
 * authentication scheme that receives a name and a password (HTTP {@code Basic}) asks it whether
 * they hold. Bind one from a Guice module:
 *
 * <pre>{@code
 * bind(IdentityStore.class).toInstance((name, password) ->
 *         "ada".equals(name) && hashing.matches(password, ADA_HASH)
 *                 ? Optional.of(VerifiedUser.of("ada", Set.of("admin")))
 *                 : Optional.empty());
 * }</pre>
 *
 * <p>{@link #verify} may block (a query, a slow hash): callers run it on a virtual thread, never on
 * an event loop, and bound how many run at once. An implementation must take as long for a name it
 * does not know as for a wrong password (verify against {@link PasswordHashing#burn} then), so that
 * timing does not tell which names exist. Thread-safe.
 */
@FunctionalInterface
public interface IdentityStore {

    /**
     * The user {@code name} with their roles when {@code password} is theirs; empty when the name is
     * unknown or the password is wrong (the two are not told apart). A store that cannot answer (its
     * database is away) throws.
     */
    Optional<VerifiedUser> verify(String name, char[] password);
}
