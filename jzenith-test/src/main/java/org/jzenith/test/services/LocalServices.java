package org.jzenith.test.services;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Makes sure a service of this machine that integration tests talk to is running, starting it
 * when it is not, and says how to connect to it.
 *
 * <pre>{@code
 * LocalServices.Database postgres = LocalServices.postgresql();
 * JZenith.application()
 *        .withPlugins(JdbcPlugin.create())
 *        .withConfiguration("jdbc.url", postgres.jdbcUrl())
 *        .withConfiguration("jdbc.username", postgres.user())
 *        .start();
 * }</pre>
 *
 * <p>Each method checks whether the service's port on {@code 127.0.0.1} accepts connections. If
 * not, it starts the installed service as Debian's packages install it (PostgreSQL with {@code
 * pg_ctlcluster}, MariaDB with {@code start-stop-daemon}, Redis with {@code redis-server
 * --daemonize}, RabbitMQ with {@code rabbitmq-server -detached}), waits at most {@value #WAIT_SECONDS} seconds for the port, and creates the
 * database {@code test} where it is missing. When that is impossible it fails with an {@link
 * IllegalStateException} that says what to install or which command to run as root. It never
 * stops, restarts or reconfigures a service: tests that need a server to go away start their own
 * ({@link PrivatePostgresql}, {@link PrivateRedis}) or cut the line ({@code TcpProxy}).
 *
 * <p>Thread-safe: tests may call it concurrently; the check runs once per service and process.
 */
public final class LocalServices {

    static final String HOST = "127.0.0.1";
    static final int WAIT_SECONDS = 30;

    private static final Duration CONNECT_TIMEOUT = Duration.ofMillis(500);
    private static final Set<LocalService> READY = ConcurrentHashMap.newKeySet();
    private static final ServiceStarter STARTER = new ServiceStarter(Machine.local(), Duration.ofSeconds(WAIT_SECONDS));

    /** A relational database on this machine. */
    public record Database(String kind, String host, int port, String database, String user, String password) {

        /** The JDBC URL, such as {@code jdbc:postgresql://127.0.0.1:5432/test}. */
        public String jdbcUrl() {
            return "jdbc:" + kind + "://" + host + ":" + port + "/" + database;
        }

        /** The same server, another database (created by the caller). */
        public Database withDatabase(final String other) {
            return new Database(kind, host, port, other, user, password);
        }

        /** The same database, reached through another address, such as a {@code TcpProxy}. */
        public Database through(final String otherHost, final int otherPort) {
            return new Database(kind, otherHost, otherPort, database, user, password);
        }
    }

    /** A Redis server on this machine. */
    public record Redis(String host, int port) {

        /** The connection string, such as {@code redis://127.0.0.1:6379}. */
        public String uri() {
            return "redis://" + host + ":" + port;
        }

        /** The same server reached through another address, such as a {@code TcpProxy}. */
        public Redis through(final String otherHost, final int otherPort) {
            return new Redis(otherHost, otherPort);
        }
    }

    /** A RabbitMQ server on this machine, user {@code guest}/{@code guest}, virtual host {@code /}. */
    public record RabbitMq(String host, int port) {

        /** The AMQP URI, such as {@code amqp://guest:guest@127.0.0.1:5672/%2f}. */
        public String uri() {
            return "amqp://guest:guest@" + host + ":" + port + "/%2f";
        }
    }

    private LocalServices() {}

    /**
     * PostgreSQL on {@code 127.0.0.1:5432}: database {@code test}, user {@code postgres}, empty
     * password (trust authentication on loopback).
     */
    public static Database postgresql() {
        ensureRunning(LocalService.POSTGRESQL);
        return new Database("postgresql", HOST, LocalService.POSTGRESQL.port, "test", "postgres", "");
    }

    /** MariaDB on {@code 127.0.0.1:3306}: database {@code test}, user {@code root}, empty password. */
    public static Database mariadb() {
        ensureRunning(LocalService.MARIADB);
        return new Database("mariadb", HOST, LocalService.MARIADB.port, "test", "root", "");
    }

    /** Redis on {@code 127.0.0.1:6379}, without authentication. */
    public static Redis redis() {
        ensureRunning(LocalService.REDIS);
        return new Redis(HOST, LocalService.REDIS.port);
    }

    /** RabbitMQ on {@code 127.0.0.1:5672}, user {@code guest}/{@code guest} (Debian's {@code rabbitmq-server}). */
    public static RabbitMq rabbitmq() {
        ensureRunning(LocalService.RABBITMQ);
        return new RabbitMq(HOST, LocalService.RABBITMQ.port);
    }

    /** Whether {@code host:port} accepts a TCP connection within half a second. */
    public static boolean accepts(final String host, final int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), (int) CONNECT_TIMEOUT.toMillis());
            return true;
        } catch (final IOException e) {
            return false;
        }
    }

    static void ensureRunning(final LocalService service) {
        if (READY.contains(service) && accepts(HOST, service.port)) {
            return;
        }
        synchronized (service) {
            STARTER.ensureRunning(service);
            READY.add(service);
        }
    }
}
