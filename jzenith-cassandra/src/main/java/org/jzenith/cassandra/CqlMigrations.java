package org.jzenith.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies CQL migrations in the order of their versions, each once, recording each in the table
 * {@value #HISTORY} of the keyspace (version, description, resource, checksum, when); a migration
 * whose file changed after it was applied stops the start, naming it. Several instances starting
 * together take turns: a lease row ({@value #LOCK}, a lightweight transaction with a TTL) lets one
 * migrate at a time.
 *
 * <p>Cassandra has no transactional DDL: a migration that fails half-way leaves its first statements
 * applied and is not recorded, so it runs again from the start at the next start. Write migrations
 * whose statements may run twice ({@code CREATE TABLE IF NOT EXISTS}, {@code ALTER ... ADD} guarded
 * by a new file). Blocks; runs on the plugin's start thread.
 */
final class CqlMigrations {

    static final String HISTORY = "jzenith_schema_history";
    static final String LOCK = "jzenith_schema_lock";

    private static final Logger LOG = LoggerFactory.getLogger(CqlMigrations.class);
    private static final Duration LEASE = Duration.ofMinutes(2);
    private static final Duration POLL = Duration.ofMillis(500);
    /**
     * A schema change waits for every node to agree on it, which takes seconds where a statement
     * takes milliseconds: migrations are not bounded by {@code cassandra.request-timeout}.
     */
    static final Duration SCHEMA_TIMEOUT = Duration.ofSeconds(30);

    private final CqlSession session;
    private final ConsistencyLevel consistency;
    private final Duration wait;

    CqlMigrations(final CqlSession session, final ConsistencyLevel consistency, final Duration wait) {
        this.session = session;
        this.consistency = consistency;
        this.wait = wait;
    }

    /**
     * Applies those of {@code migrations} not applied yet; how many it applied.
     *
     * @throws IllegalStateException when an applied file has changed, or the lease is not had within the wait
     */
    int apply(final List<CqlMigration> migrations) {
        if (migrations.isEmpty()) {
            return 0;
        }
        run("CREATE TABLE IF NOT EXISTS " + HISTORY + " (version int PRIMARY KEY, description text, resource text,"
                + " checksum text, applied_at timestamp)");
        run("CREATE TABLE IF NOT EXISTS " + LOCK + " (id int PRIMARY KEY, owner uuid)");
        final UUID owner = UUID.randomUUID();
        lease(owner);
        try {
            final Map<Integer, Row> applied = applied();
            int count = 0;
            for (final CqlMigration migration : sorted(migrations)) {
                final Row record = applied.get(migration.version());
                if (record != null) {
                    if (!migration.checksum().equals(record.getString("checksum"))) {
                        throw new IllegalStateException("the CQL migration " + migration.resource() + " has changed"
                                + " since it was applied on " + record.getInstant("applied_at") + " (from "
                                + record.getString("resource") + "); Cassandra keeps what it applied: restore the"
                                + " file as it was, and put the change in a new migration with a higher version");
                    }
                    continue;
                }
                final long start = System.nanoTime();
                for (final String statement : migration.statements()) {
                    run(statement);
                }
                session.execute(SimpleStatement.newInstance(
                                "INSERT INTO " + HISTORY
                                        + " (version, description, resource, checksum, applied_at) VALUES (?, ?, ?, ?, ?)",
                                migration.version(),
                                migration.description(),
                                migration.resource(),
                                migration.checksum(),
                                Instant.now())
                        .setConsistencyLevel(consistency)
                        .setTimeout(SCHEMA_TIMEOUT));
                LOG.info(
                        "Applied the CQL migration {} ({}) in {} ms",
                        migration.resource(),
                        migration.description(),
                        (System.nanoTime() - start) / 1_000_000);
                count++;
            }
            return count;
        } finally {
            release(owner);
        }
    }

    /** Refuses two migrations of one version. */
    static List<CqlMigration> sorted(final List<CqlMigration> migrations) {
        final Map<Integer, String> seen = new HashMap<>();
        for (final CqlMigration migration : migrations) {
            final String other = seen.putIfAbsent(migration.version(), migration.resource());
            if (other != null) {
                throw new IllegalArgumentException("the CQL migrations " + other + " and " + migration.resource()
                        + " have the same version " + migration.version());
            }
        }
        return migrations.stream()
                .sorted(Comparator.comparingInt(CqlMigration::version))
                .toList();
    }

    private Map<Integer, Row> applied() {
        final Map<Integer, Row> applied = new HashMap<>();
        final ResultSet rows = session.execute(
                SimpleStatement.newInstance("SELECT version, resource, checksum, applied_at FROM " + HISTORY)
                        .setConsistencyLevel(consistency)
                        .setTimeout(SCHEMA_TIMEOUT));
        for (final Row row : rows) {
            applied.put(row.getInt("version"), row);
        }
        return applied;
    }

    private void lease(final UUID owner) {
        final long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            final ResultSet taken = session.execute(SimpleStatement.newInstance(
                            "INSERT INTO " + LOCK + " (id, owner) VALUES (0, ?) IF NOT EXISTS USING TTL "
                                    + LEASE.toSeconds(),
                            owner)
                    .setConsistencyLevel(consistency)
                    .setTimeout(SCHEMA_TIMEOUT));
            if (taken.wasApplied()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("another instance has been migrating the keyspace for "
                        + wait.toSeconds() + " s (its lease in " + LOCK + " lasts up to " + LEASE.toSeconds()
                        + " s after it ends)");
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    private void release(final UUID owner) {
        try {
            session.execute(SimpleStatement.newInstance("DELETE FROM " + LOCK + " WHERE id = 0 IF owner = ?", owner)
                    .setConsistencyLevel(consistency)
                    .setTimeout(SCHEMA_TIMEOUT));
        } catch (final RuntimeException e) {
            LOG.warn("Could not give back the migration lease; it ends by itself within {} s", LEASE.toSeconds(), e);
        }
    }

    private void run(final String cql) {
        session.execute(SimpleStatement.newInstance(cql)
                .setConsistencyLevel(consistency)
                .setTimeout(SCHEMA_TIMEOUT));
    }
}
