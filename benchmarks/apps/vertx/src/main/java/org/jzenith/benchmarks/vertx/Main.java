package org.jzenith.benchmarks.vertx;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.pgclient.PgConnectOptions;
import java.util.logging.Logger;

/**
 * Raw Vert.x: one {@link BenchmarkVerticle} (an HTTP server and a PostgreSQL connection of its
 * own) per available processor, native transport preferred.
 *
 * <p>Usage: {@code java -jar vertx-benchmark.jar PORT}; the database from {@code DB_HOST},
 * {@code DB_PORT}, {@code DB_NAME}, {@code DB_USER} and {@code DB_PASSWORD}.
 */
public final class Main {

    private static final Logger LOG = Logger.getLogger(Main.class.getName());

    private Main() {}

    public static void main(final String... args) {
        final int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        final PgConnectOptions database = new PgConnectOptions()
                .setHost(env("DB_HOST", "127.0.0.1"))
                .setPort(Integer.parseInt(env("DB_PORT", "5432")))
                .setDatabase(env("DB_NAME", "hello_world"))
                .setUser(env("DB_USER", "benchmarkdbuser"))
                .setPassword(env("DB_PASSWORD", "benchmarkdbpass"))
                .setCachePreparedStatements(true)
                .setPipeliningLimit(256);
        final int instances = Runtime.getRuntime().availableProcessors();
        final Vertx vertx = Vertx.vertx(new VertxOptions().setPreferNativeTransport(true));
        vertx.deployVerticle(() -> new BenchmarkVerticle(port, database), new DeploymentOptions().setInstances(instances))
                .onSuccess(id -> LOG.info(() -> "Vert.x benchmark listening on port " + port + " with " + instances
                        + " verticles, native transport " + vertx.isNativeTransportEnabled()))
                .onFailure(failure -> {
                    failure.printStackTrace();
                    System.exit(1);
                });
    }

    private static String env(final String name, final String fallback) {
        final String value = System.getenv(name);
        return value == null || value.isEmpty() ? fallback : value;
    }
}
