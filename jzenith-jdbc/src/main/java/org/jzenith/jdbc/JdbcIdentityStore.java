package org.jzenith.jdbc;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import jakarta.inject.Singleton;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Jdbi;
import org.jzenith.core.security.IdentityStore;
import org.jzenith.core.security.PasswordHashing;
import org.jzenith.core.security.VerifiedUser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link IdentityStore} in the JDBC plugin's database: one query gives a user's password hash
 * (made by {@link PasswordHashing}), a second their roles; both take the user's name as their one
 * {@code ?} parameter. By default:
 *
 * <pre>{@code
 * CREATE TABLE users (name VARCHAR(100) PRIMARY KEY, password_hash VARCHAR(200) NOT NULL);
 * CREATE TABLE user_roles (user_name VARCHAR(100) NOT NULL REFERENCES users (name), role VARCHAR(100) NOT NULL);
 *
 * .withModules(BasicAuthentication.realm("shop"), JdbcIdentityStore.module())
 * .withModules(BasicAuthentication.realm("shop"), JdbcIdentityStore.module()
 *         .withPasswordQuery("SELECT pw FROM accounts WHERE login = ? AND enabled")
 *         .withRolesQuery("SELECT g.name FROM groups g JOIN members m ON m.group_id = g.id WHERE m.login = ?"))
 * }</pre>
 *
 * <p>A name without a row (or with a null hash) is checked against a dummy hash of the same cost, so
 * an unknown name takes as long as a wrong password; the roles are read only for a password that
 * matched. A hash that is not of {@link PasswordHashing}'s form matches nothing and is logged. Runs
 * blocking JDBC: call it off the event loop, as {@code BasicAuthentication} does. Thread-safe.
 */
public final class JdbcIdentityStore implements IdentityStore {

    /** The default password query. */
    public static final String PASSWORD_QUERY = "SELECT password_hash FROM users WHERE name = ?";

    /** The default roles query. */
    public static final String ROLES_QUERY = "SELECT role FROM user_roles WHERE user_name = ?";

    private static final Logger LOG = LoggerFactory.getLogger(JdbcIdentityStore.class);

    private final Jdbi jdbi;
    private final String passwordQuery;
    private final String rolesQuery;
    private final PasswordHashing hashing;

    private JdbcIdentityStore(
            final Jdbi jdbi, final String passwordQuery, final String rolesQuery, final PasswordHashing hashing) {
        this.jdbi = jdbi;
        this.passwordQuery = passwordQuery;
        this.rolesQuery = rolesQuery;
        this.hashing = hashing;
    }

    /** The module that binds this store with the default queries and {@link PasswordHashing#pbkdf2()}. */
    public static Settings module() {
        return new Settings(PASSWORD_QUERY, ROLES_QUERY, Optional.empty());
    }

    @Override
    public Optional<VerifiedUser> verify(final String name, final char[] password) {
        // A pool that cannot give a connection is Jdbi's ConnectionException, which the plugin maps to 503.
        return jdbi.withHandle(handle -> {
            final Optional<String> stored = handle.createQuery(passwordQuery)
                    .bind(0, name)
                    .mapTo(String.class)
                    .findFirst();
            if (stored.isEmpty()) {
                hashing.burn(password); // as long as a wrong password, so the time does not tell
                return Optional.empty();
            }
            if (!PasswordHashing.isWellFormed(stored.get())) {
                LOG.warn("The password hash of a user is not of the form $pbkdf2-sha256$i=<iterations>$<salt>$<hash>;"
                        + " that user cannot sign in until it is set again with PasswordHashing.hash");
            }
            if (!hashing.matches(password, stored.get())) {
                return Optional.empty();
            }
            final Set<String> roles = new LinkedHashSet<>(handle.createQuery(rolesQuery)
                    .bind(0, name)
                    .mapTo(String.class)
                    .filter(Objects::nonNull)
                    .list());
            return Optional.of(VerifiedUser.of(name, roles));
        });
    }

    /**
     * The Guice module that binds a {@link JdbcIdentityStore}: its queries and hashing. Immutable.
     */
    public static final class Settings extends AbstractModule {

        private final String passwordQuery;
        private final String rolesQuery;
        private final Optional<PasswordHashing> hashing;

        private Settings(final String passwordQuery, final String rolesQuery, final Optional<PasswordHashing> hashing) {
            this.passwordQuery = Objects.requireNonNull(passwordQuery, "passwordQuery");
            this.rolesQuery = Objects.requireNonNull(rolesQuery, "rolesQuery");
            this.hashing = hashing;
        }

        /** The query that gives the password hash of the user named by its one {@code ?}. */
        public Settings withPasswordQuery(final String query) {
            return new Settings(query, rolesQuery, hashing);
        }

        /** The query that gives the roles (one a row) of the user named by its one {@code ?}. */
        public Settings withRolesQuery(final String query) {
            return new Settings(passwordQuery, query, hashing);
        }

        /**
         * The hashing whose cost an unknown name pays ({@link PasswordHashing#burn}): make it the
         * cost of the stored hashes. Each stored hash is checked at its own cost regardless.
         */
        public Settings withHashing(final PasswordHashing hashing) {
            return new Settings(passwordQuery, rolesQuery, Optional.of(hashing));
        }

        @Override
        protected void configure() {
            bind(IdentityStore.class).to(JdbcIdentityStore.class);
        }

        @Provides
        @Singleton
        JdbcIdentityStore store(final Jdbi jdbi) {
            return new JdbcIdentityStore(jdbi, passwordQuery, rolesQuery, hashing.orElseGet(PasswordHashing::pbkdf2));
        }
    }
}
