package org.jzenith.cassandra;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jzenith.core.configuration.DurationRange;
import org.jzenith.core.configuration.Range;

/**
 * Settings of the Cassandra plugin, under {@code cassandra.}:
 *
 * <pre>
 * cassandra.contact-points=db1:9042,db2:9042    # unset: in dev and test a Cassandra node of its own
 * cassandra.local-datacenter=dc1                # the data centre the service runs in; needed with contact points
 * cassandra.keyspace=users                      # the keyspace statements and migrations run in
 * cassandra.keyspace-replication={'class': 'NetworkTopologyStrategy', 'dc1': 3}
 *                                               # creates the keyspace when it is missing; unset: it must exist
 * cassandra.read-consistency=LOCAL_QUORUM       # SELECTs
 * cassandra.write-consistency=LOCAL_QUORUM      # every other statement
 * cassandra.request-timeout=2s                  # a statement's whole time, retries included
 * cassandra.connect-timeout=5s                  # opening a connection to a node
 * cassandra.pool.size=1                         # connections to each node of the local data centre
 * cassandra.username=app                        # plain-text authentication, with ...
 * cassandra.password=${CASSANDRA_PASSWORD}      # ... a secret: shown as **** everywhere
 * cassandra.tls.enabled=false                   # TLS to every node
 * cassandra.tls.trust-certificates=/etc/cassandra/ca.pem   # unset: the JVM's trust store
 * cassandra.tls.hostname-verification=true      # the node's certificate must name its address
 * </pre>
 */
@ConfigMapping(prefix = "cassandra")
public interface CassandraConfiguration {

    /**
     * The nodes the driver first connects to, as {@code host:port}, separated by commas; it finds the
     * others from them. Unset: in the {@code dev} and {@code test} profiles the plugin starts a
     * Cassandra node of its own (see {@link CassandraPlugin}); in other profiles start-up asks for it.
     */
    Optional<List<String>> contactPoints();

    /**
     * The data centre the service runs in, whose nodes it sends statements to (and whose replicas
     * {@code LOCAL_*} consistency levels count); required with contact points.
     */
    Optional<String> localDatacenter();

    /** The keyspace the client's statements and the migrations run in: letters, digits, {@code _}. */
    String keyspace();

    /**
     * The replication of the keyspace, as CQL writes it ({@code {'class': 'SimpleStrategy',
     * 'replication_factor': 1}}), when the plugin should create a missing keyspace; unset, it must
     * exist (replication is the cluster operators' choice). The dev service's node creates it with a
     * replication factor of 1.
     */
    Optional<String> keyspaceReplication();

    /** The consistency level of {@code SELECT}s; {@code LOCAL_QUORUM} unless set. */
    @WithDefault("LOCAL_QUORUM")
    String readConsistency();

    /**
     * The consistency level of every statement but a {@code SELECT}; {@code LOCAL_QUORUM} unless set.
     * A write the client acknowledged is on that many replicas.
     */
    @WithDefault("LOCAL_QUORUM")
    String writeConsistency();

    /**
     * How long a statement may take in all, the driver's retries included, before it fails with a
     * {@link CassandraUnavailableException} (HTTP 503): short, so that requests fail fast while
     * Cassandra is away.
     */
    @DurationRange(min = "10ms", max = "10m")
    @WithDefault("2s")
    Duration requestTimeout();

    /** How long opening a connection to a node may take. */
    @DurationRange(min = "10ms", max = "10m")
    @WithDefault("5s")
    Duration connectTimeout();

    /** The user name for plain-text authentication; with {@link #password()}. */
    Optional<String> username();

    /** The password for plain-text authentication; a secret, never shown. */
    Optional<String> password();

    /** The connection pool. */
    Pool pool();

    /** TLS to the nodes. */
    Tls tls();

    /** Settings of the connection pool, under {@code cassandra.pool.}. */
    interface Pool {

        /**
         * Connections to each node of the local data centre. One connection carries up to 1024
         * statements at a time (protocol v4+), so 1 is enough for most services.
         */
        @Range(min = 1, max = 64)
        @WithDefault("1")
        int size();
    }

    /** TLS to the nodes, under {@code cassandra.tls.}. */
    interface Tls {

        /** Whether every connection to a node uses TLS; off unless set. */
        @WithDefault("false")
        boolean enabled();

        /**
         * A PEM file of the certificate authorities that the nodes' certificates must be signed by.
         * Unset: the JVM's default trust store.
         */
        Optional<String> trustCertificates();

        /**
         * Whether a node's certificate must name the address it was reached by; on unless set. Turn
         * off only for nodes whose certificates cannot name their address.
         */
        @WithDefault("true")
        boolean hostnameVerification();
    }
}
