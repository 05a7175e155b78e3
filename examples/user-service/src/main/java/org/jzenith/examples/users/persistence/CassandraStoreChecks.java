package org.jzenith.examples.users.persistence;

import java.util.Map;
import org.jzenith.core.Plugin;
import org.jzenith.core.Validation;
import org.jzenith.examples.users.UserServiceConfiguration;

/**
 * What the Cassandra store needs, registered with it: the keyspace {@code users} unless {@code
 * cassandra.keyspace} says otherwise, and a check at start-up that refuses {@code user.events=outbox}.
 * The outbox commits each event in the transaction of its change; Cassandra has no transaction that
 * holds a user's row and an outbox row together (a logged batch applies both eventually, but the
 * relay could read the event before the user is written, and no batch reads), so the store offers
 * none rather than one that loses or invents events.
 *
 * <pre>{@code
 * .withPluginsIf(UserServiceConfiguration.class, c -> c.store() == Store.CASSANDRA,
 *                CassandraPlugin.create().withMigrations(CassandraUserDao.MIGRATION), CassandraStoreChecks.create())
 * }</pre>
 */
public final class CassandraStoreChecks implements Plugin {

    private CassandraStoreChecks() {}

    /** The checks, for an application whose users are kept in Cassandra. */
    public static CassandraStoreChecks create() {
        return new CassandraStoreChecks();
    }

    @Override
    public String name() {
        return "cassandra-store";
    }

    @Override
    public Map<String, String> configurationDefaults() {
        return Map.of("cassandra.keyspace", "users");
    }

    @Override
    public void validate(final Validation validation) {
        validation.configuration(UserServiceConfiguration.class).ifPresent(user -> {
            if (user.events() == UserServiceConfiguration.Events.OUTBOX) {
                validation.reject(
                        "user.events",
                        "none or kafka with user.store=cassandra: the outbox commits each event in the transaction"
                                + " of its change, and Cassandra has no transaction that holds a user's row and an"
                                + " outbox row together; use user.events=kafka (sent after the write, so an event"
                                + " can be lost if the service stops in between), or a store with transactions"
                                + " (user.store=jdbc or postgresql)");
            }
        });
    }
}
