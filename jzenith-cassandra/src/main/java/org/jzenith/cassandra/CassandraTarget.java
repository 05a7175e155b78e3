package org.jzenith.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jzenith.core.configuration.SettingProblem;

/**
 * Where and how the plugin reaches Cassandra, read from {@link CassandraConfiguration} (or the dev
 * service's node) once its settings have passed {@link #problems}. Immutable.
 *
 * @param contactPoints the nodes the driver first connects to
 * @param localDatacenter the data centre whose nodes statements go to
 * @param keyspace the keyspace statements run in
 * @param keyspaceReplication the replication to create a missing keyspace with; empty: it must exist
 * @param readConsistency the consistency level of {@code SELECT}s
 * @param writeConsistency the consistency level of every other statement
 * @param requestTimeout a statement's whole time
 * @param connectTimeout opening one connection
 * @param poolSize connections per local node
 * @param username plain-text authentication's user, with a password
 * @param password its password
 * @param tls whether connections use TLS
 * @param trustCertificates the PEM file of authorities to trust; empty: the JVM's trust store
 * @param hostnameVerification whether a node's certificate must name its address
 */
record CassandraTarget(
        List<InetSocketAddress> contactPoints,
        String localDatacenter,
        String keyspace,
        Optional<String> keyspaceReplication,
        ConsistencyLevel readConsistency,
        ConsistencyLevel writeConsistency,
        Duration requestTimeout,
        Duration connectTimeout,
        int poolSize,
        Optional<String> username,
        Optional<String> password,
        boolean tls,
        Optional<Path> trustCertificates,
        boolean hostnameVerification) {

    static final String CONTACT_POINTS = "cassandra.contact-points";
    static final String LOCAL_DATACENTER = "cassandra.local-datacenter";

    // Cassandra's rule for a keyspace name (unquoted, so case-insensitive): up to 48 of these.
    private static final Pattern KEYSPACE = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");
    private static final Set<DefaultConsistencyLevel> READS = Set.of(
            DefaultConsistencyLevel.ONE,
            DefaultConsistencyLevel.TWO,
            DefaultConsistencyLevel.THREE,
            DefaultConsistencyLevel.QUORUM,
            DefaultConsistencyLevel.ALL,
            DefaultConsistencyLevel.LOCAL_ONE,
            DefaultConsistencyLevel.LOCAL_QUORUM,
            DefaultConsistencyLevel.SERIAL,
            DefaultConsistencyLevel.LOCAL_SERIAL);
    private static final Set<DefaultConsistencyLevel> WRITES = Set.of(
            DefaultConsistencyLevel.ANY,
            DefaultConsistencyLevel.ONE,
            DefaultConsistencyLevel.TWO,
            DefaultConsistencyLevel.THREE,
            DefaultConsistencyLevel.QUORUM,
            DefaultConsistencyLevel.ALL,
            DefaultConsistencyLevel.LOCAL_ONE,
            DefaultConsistencyLevel.LOCAL_QUORUM,
            DefaultConsistencyLevel.EACH_QUORUM);

    /**
     * Every problem of {@code configuration}; {@code devService} says whether the plugin starts a node
     * of its own, which needs no contact points (and may have none).
     */
    static List<SettingProblem> problems(final CassandraConfiguration configuration, final boolean devService) {
        final List<SettingProblem> problems = new ArrayList<>();
        final List<String> points = configuration.contactPoints().orElse(List.of());
        if (points.isEmpty() && !devService) {
            problems.add(new SettingProblem(
                    CONTACT_POINTS,
                    "the nodes to connect to, such as db1:9042,db2:9042 (in the dev and test profiles, unset, the"
                            + " plugin starts a node of its own)"));
        }
        for (final String point : points) {
            if (contactPoint(point).isEmpty()) {
                problems.add(new SettingProblem(
                        CONTACT_POINTS, "host:port pairs separated by commas, such as db1:9042, not '" + point + "'"));
                break;
            }
        }
        if (!points.isEmpty()
                && configuration.localDatacenter().filter(dc -> !dc.isBlank()).isEmpty()) {
            problems.add(new SettingProblem(
                    LOCAL_DATACENTER,
                    "the data centre the service runs in, such as dc1, with cassandra.contact-points (nodetool"
                            + " status names them)"));
        }
        if (!KEYSPACE.matcher(configuration.keyspace()).matches()) {
            problems.add(new SettingProblem(
                    "cassandra.keyspace", "a keyspace name: a letter, then up to 47 letters, digits or _"));
        }
        consistency(configuration.readConsistency(), READS)
                .ifPresentOrElse(
                        level -> {},
                        () -> problems.add(new SettingProblem("cassandra.read-consistency", "one of " + names(READS))));
        consistency(configuration.writeConsistency(), WRITES)
                .ifPresentOrElse(
                        level -> {},
                        () -> problems.add(
                                new SettingProblem("cassandra.write-consistency", "one of " + names(WRITES))));
        if (configuration.username().isPresent() != configuration.password().isPresent()) {
            problems.add(new SettingProblem(
                    configuration.username().isPresent() ? "cassandra.password" : "cassandra.username",
                    "cassandra.username and cassandra.password together, or neither"));
        }
        final CassandraConfiguration.Tls tls = configuration.tls();
        if (!tls.enabled() && (tls.trustCertificates().isPresent() || !tls.hostnameVerification())) {
            problems.add(new SettingProblem(
                    "cassandra.tls.enabled",
                    "true where cassandra.tls.trust-certificates or cassandra.tls.hostname-verification is set:"
                            + " they apply only to TLS"));
        }
        tls.trustCertificates()
                .filter(file -> !Files.isReadable(Path.of(file)))
                .ifPresent(file -> problems.add(new SettingProblem(
                        "cassandra.tls.trust-certificates", "a readable PEM file of certificate authorities")));
        return List.copyOf(problems);
    }

    /** The target {@code configuration} names; its settings passed {@link #problems}. */
    static CassandraTarget of(final CassandraConfiguration configuration) {
        SettingProblem.requireNone(problems(configuration, false));
        return of(
                configuration,
                configuration.contactPoints().orElseThrow().stream()
                        .map(point -> contactPoint(point).orElseThrow())
                        .toList(),
                configuration.localDatacenter().orElseThrow());
    }

    /** The dev service's node at {@code contactPoint} in {@code datacenter}, created with a factor of 1. */
    static CassandraTarget ofDevService(
            final CassandraConfiguration configuration, final InetSocketAddress contactPoint, final String datacenter) {
        SettingProblem.requireNone(problems(configuration, true));
        final CassandraTarget target = of(configuration, List.of(contactPoint), datacenter);
        return new CassandraTarget(
                target.contactPoints,
                target.localDatacenter,
                target.keyspace,
                Optional.of(target.keyspaceReplication.orElse("{'class': 'SimpleStrategy', 'replication_factor': 1}")),
                target.readConsistency,
                target.writeConsistency,
                target.requestTimeout,
                target.connectTimeout,
                target.poolSize,
                target.username,
                target.password,
                target.tls,
                target.trustCertificates,
                target.hostnameVerification);
    }

    private static CassandraTarget of(
            final CassandraConfiguration configuration,
            final List<InetSocketAddress> contactPoints,
            final String datacenter) {
        return new CassandraTarget(
                List.copyOf(contactPoints),
                datacenter,
                configuration.keyspace(),
                configuration.keyspaceReplication().filter(value -> !value.isBlank()),
                consistency(configuration.readConsistency(), READS).orElseThrow(),
                consistency(configuration.writeConsistency(), WRITES).orElseThrow(),
                configuration.requestTimeout(),
                configuration.connectTimeout(),
                configuration.pool().size(),
                configuration.username(),
                configuration.password(),
                configuration.tls().enabled(),
                configuration.tls().trustCertificates().map(Path::of),
                configuration.tls().hostnameVerification());
    }

    /** {@code "Cassandra at db1:9042,db2:9042 (data centre dc1, keyspace users)"}; no secret. */
    String describe() {
        return "Cassandra at " + displayContactPoints() + " (data centre " + localDatacenter + ", keyspace " + keyspace
                + (tls ? ", TLS" : "") + ")";
    }

    String displayContactPoints() {
        return contactPoints.stream()
                .map(point -> point.getHostString() + ":" + point.getPort())
                .collect(Collectors.joining(","));
    }

    /** {@code text} with the password, should it appear, masked. */
    String mask(final String text) {
        return password.filter(secret -> !secret.isEmpty())
                .map(secret -> text.replace(secret, "****"))
                .orElse(text);
    }

    /** {@code host:port} or {@code [v6]:port} as an unresolved address, or empty. */
    static Optional<InetSocketAddress> contactPoint(final String text) {
        final String point = text.strip();
        final int colon = point.lastIndexOf(':');
        if (colon <= 0 || colon == point.length() - 1) {
            return Optional.empty();
        }
        String host = point.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.contains(":")) {
            return Optional.empty();
        }
        if (host.isBlank() || host.chars().anyMatch(Character::isWhitespace)) {
            return Optional.empty();
        }
        try {
            final int port = Integer.parseInt(point.substring(colon + 1));
            return port < 1 || port > 65535
                    ? Optional.empty()
                    : Optional.of(InetSocketAddress.createUnresolved(host, port));
        } catch (final NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Optional<ConsistencyLevel> consistency(
            final String name, final Set<DefaultConsistencyLevel> allowed) {
        return allowed.stream()
                .filter(level -> level.name().equals(name.strip().toUpperCase(Locale.ROOT)))
                .<ConsistencyLevel>map(level -> level)
                .findFirst();
    }

    private static String names(final Set<DefaultConsistencyLevel> levels) {
        return levels.stream().map(Enum::name).sorted().collect(Collectors.joining(", "));
    }
}
