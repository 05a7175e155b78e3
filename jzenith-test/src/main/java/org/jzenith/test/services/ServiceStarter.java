package org.jzenith.test.services;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Starts a local service that is installed but not running, the way this project's machines run
 * them (Debian's packages, no init system), waits for its port, and creates the database {@code
 * test} where a database lacks it. It never stops or reconfigures a service.
 *
 * <p>Every way it can fail ends in an {@link IllegalStateException} that names the service, the
 * port and what to do: what to install, or the command to run as root.
 */
final class ServiceStarter {

    static final String TEST_DATABASE = "test";

    private static final Duration POLL = Duration.ofMillis(100);
    private static final Path POSTGRESQL_CLUSTERS = Path.of("/etc/postgresql");
    private static final Path REDIS_DATA = Path.of("/var/lib/redis");
    private static final Path REDIS_LOGS = Path.of("/var/log/redis");

    private final Machine machine;
    private final Duration wait;

    ServiceStarter(final Machine machine, final Duration wait) {
        this.machine = machine;
        this.wait = wait;
    }

    /** Makes sure {@code service} accepts connections (starting it if need be) and has its test database. */
    void ensureRunning(final LocalService service) {
        if (!machine.accepts(service.port)) {
            final Commands.Result started = start(service);
            awaitPort(service, started);
        }
        ensureTestDatabase(service);
    }

    private Commands.Result start(final LocalService service) {
        return switch (service) {
            case POSTGRESQL -> startPostgresql();
            case MARIADB -> startMariadb();
            case REDIS -> startRedis();
            case RABBITMQ -> startRabbitmq();
        };
    }

    private Commands.Result startPostgresql() {
        final LocalService service = LocalService.POSTGRESQL;
        final Path pgCtlCluster = machine.program("pg_ctlcluster")
                .orElseThrow(() -> notInstalled(service, "pg_ctlcluster is not on the PATH"));
        final String version = machine.folders(POSTGRESQL_CLUSTERS).stream()
                .filter(name -> name.matches("\\d+(\\.\\d+)?"))
                .max(Comparator.comparingDouble(Double::parseDouble))
                .orElseThrow(() -> notInstalled(service, "there is no cluster in " + POSTGRESQL_CLUSTERS));
        // pg_ctlcluster runs the server as the cluster's owner, which only root may switch to.
        final List<String> command =
                List.of(pgCtlCluster.toString(), "--skip-systemctl-redirect", version, "main", "start");
        requireRoot(service, command, "it runs as its own system user");
        return machine.run(command);
    }

    private Commands.Result startMariadb() {
        final LocalService service = LocalService.MARIADB;
        final Path daemon = machine.program("/usr/sbin/mariadbd")
                .or(() -> machine.program("mariadbd"))
                .orElseThrow(() -> notInstalled(service, "there is no mariadbd"));
        final Path startStopDaemon = machine.program("start-stop-daemon")
                .orElseThrow(() ->
                        notInstalled(service, "start-stop-daemon (package dpkg) is missing to run mariadbd with"));
        final List<String> command =
                List.of(startStopDaemon.toString(), "--start", "--oknodo", "--background", "--exec", daemon.toString());
        requireRoot(service, command, "it runs as the system user mysql");
        // The socket and pid folder lives on a tmpfs that an init system would otherwise create.
        final Commands.Result folder =
                machine.run(List.of("install", "-d", "-o", "mysql", "-g", "mysql", "-m", "0755", "/run/mysqld"));
        if (!folder.succeeded()) {
            throw new IllegalStateException(
                    notAccepting(service) + ", and its run folder could not be created: " + folder.describe());
        }
        return machine.run(command);
    }

    private Commands.Result startRedis() {
        final LocalService service = LocalService.REDIS;
        final Path server = machine.program("redis-server")
                .orElseThrow(() -> notInstalled(service, "redis-server is not on the PATH"));
        final List<String> command = List.of(
                server.toString(),
                "--daemonize",
                "yes",
                "--bind",
                "127.0.0.1",
                "-::1",
                "--port",
                Integer.toString(service.port),
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                REDIS_DATA.toString(),
                "--logfile",
                REDIS_LOGS.resolve("ci.log").toString());
        if (!machine.writable(REDIS_DATA) || !machine.writable(REDIS_LOGS)) {
            throw new IllegalStateException(notAccepting(service) + ", and starting it needs to write " + REDIS_DATA
                    + " and " + REDIS_LOGS + ", which this user may not. Start it as root: sudo "
                    + new Commands.Result(command, 0, "").commandLine());
        }
        return machine.run(command);
    }

    private Commands.Result startRabbitmq() {
        final LocalService service = LocalService.RABBITMQ;
        // Debian's wrapper, which runs the node as the system user rabbitmq with the package's
        // configuration (guest/guest on loopback); -detached returns once the node is launched.
        final Path server = machine.program("/usr/sbin/rabbitmq-server")
                .or(() -> machine.program("rabbitmq-server"))
                .orElseThrow(() -> notInstalled(service, "there is no /usr/sbin/rabbitmq-server"));
        final List<String> command = List.of(server.toString(), "-detached");
        requireRoot(service, command, "it runs as the system user rabbitmq");
        return machine.run(command);
    }

    private void requireRoot(final LocalService service, final List<String> command, final String why) {
        if (!machine.isRoot()) {
            throw new IllegalStateException(notAccepting(service) + ", and starting it needs root (" + why
                    + "). Start it: sudo " + new Commands.Result(command, 0, "").commandLine());
        }
    }

    private void awaitPort(final LocalService service, final Commands.Result started) {
        final long deadline = System.nanoTime() + wait.toNanos();
        while (!machine.accepts(service.port)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(service.title + " still does not accept connections on "
                        + LocalServices.HOST + ":" + service.port + " " + wait.toSeconds() + " s after "
                        + started.describe());
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    private void ensureTestDatabase(final LocalService service) {
        switch (service) {
            case POSTGRESQL -> ensurePostgresqlTestDatabase();
            case MARIADB -> ensureMariadbTestDatabase();
            case REDIS -> {
                // Redis has numbered databases, which always exist.
            }
            case RABBITMQ -> {
                // The tests use the default virtual host and name their own exchanges and queues.
            }
        }
    }

    private void ensurePostgresqlTestDatabase() {
        // Without psql (a server without its client package) the tests' own connection says what is missing.
        machine.program("psql").ifPresent(psql -> {
            if (postgresqlHasTestDatabase(psql)) {
                return;
            }
            final Commands.Result created = machine.run(psql(psql, "CREATE DATABASE " + TEST_DATABASE));
            // Another test process may have created it in the meantime.
            if (!created.succeeded() && !postgresqlHasTestDatabase(psql)) {
                throw new IllegalStateException("PostgreSQL on " + LocalServices.HOST + ":"
                        + LocalService.POSTGRESQL.port + " has no database " + TEST_DATABASE
                        + " and it could not be created: " + created.describe());
            }
        });
    }

    private boolean postgresqlHasTestDatabase(final Path psql) {
        final Commands.Result found =
                machine.run(psql(psql, "SELECT 1 FROM pg_database WHERE datname = '" + TEST_DATABASE + "'"));
        if (!found.succeeded()) {
            throw new IllegalStateException("PostgreSQL accepts connections on " + LocalServices.HOST + ":"
                    + LocalService.POSTGRESQL.port + ", but the user postgres cannot log in without a password,"
                    + " as the tests do (trust authentication on loopback): " + found.describe());
        }
        return found.output().strip().equals("1");
    }

    private static List<String> psql(final Path psql, final String sql) {
        return List.of(
                psql.toString(),
                "-X",
                "-w",
                "-q",
                "-t",
                "-A",
                "-h",
                LocalServices.HOST,
                "-p",
                Integer.toString(LocalService.POSTGRESQL.port),
                "-U",
                "postgres",
                "-d",
                "postgres",
                "-c",
                sql);
    }

    private void ensureMariadbTestDatabase() {
        machine.program("mariadb").or(() -> machine.program("mysql")).ifPresent(client -> {
            final List<String> command = new ArrayList<>(List.of(
                    client.toString(),
                    "-h",
                    LocalServices.HOST,
                    "-P",
                    Integer.toString(LocalService.MARIADB.port),
                    "-u",
                    "root",
                    "-e",
                    "CREATE DATABASE IF NOT EXISTS " + TEST_DATABASE));
            final Commands.Result created = machine.run(command);
            if (!created.succeeded()) {
                throw new IllegalStateException("MariaDB on " + LocalServices.HOST + ":" + LocalService.MARIADB.port
                        + " could not make sure of its database " + TEST_DATABASE + " as root without a password,"
                        + " as the tests connect: " + created.describe());
            }
        });
    }

    private static IllegalStateException notInstalled(final LocalService service, final String reason) {
        return new IllegalStateException(notAccepting(service) + ", and it is not installed here to start (" + reason
                + "). Install it: " + service.install + "; or start a " + service.title + " of your own on "
                + LocalServices.HOST + ":" + service.port + ".");
    }

    private static String notAccepting(final LocalService service) {
        return service.title + " does not accept connections on " + LocalServices.HOST + ":" + service.port;
    }
}
