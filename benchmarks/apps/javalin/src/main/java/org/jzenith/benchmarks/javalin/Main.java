package org.jzenith.benchmarks.javalin;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.javalin.Javalin;

/**
 * The TechEmpower test types on Javalin 7 (Jetty 12) with its defaults: JDBC through HikariCP on
 * Jetty's request threads, Jackson for JSON (Javalin's default mapper), Mustache for the fortunes.
 *
 * <p>Usage: {@code java -jar javalin-benchmark.jar PORT}; the database from {@code DB_HOST},
 * {@code DB_PORT}, {@code DB_NAME}, {@code DB_USER} and {@code DB_PASSWORD}.
 */
public final class Main {

    private Main() {}

    public static void main(final String... args) {
        final int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        final HikariConfig hikari = new HikariConfig();
        hikari.setJdbcUrl("jdbc:postgresql://" + env("DB_HOST", "127.0.0.1") + ":" + env("DB_PORT", "5432") + "/"
                + env("DB_NAME", "hello_world"));
        hikari.setUsername(env("DB_USER", "benchmarkdbuser"));
        hikari.setPassword(env("DB_PASSWORD", "benchmarkdbpass"));
        final HikariDataSource dataSource = new HikariDataSource(hikari);
        final BenchmarkHandlers handlers = new BenchmarkHandlers(dataSource);

        Javalin.create(config -> {
                    // Jetty writes Date itself; Javalin turns Jetty's Server header off, TechEmpower wants one.
                    config.jetty.modifyHttpConfiguration(http -> http.setSendServerVersion(true));
                    config.fileRenderer(new MustacheRenderer());
                    config.routes.get("/plaintext", handlers::plaintext);
                    config.routes.get("/json", handlers::json);
                    config.routes.get("/db", handlers::db);
                    config.routes.get("/queries", handlers::queries);
                    config.routes.get("/fortunes", handlers::fortunes);
                    config.routes.get("/updates", handlers::updates);
                    config.events.serverStopped(dataSource::close);
                })
                .start(port);
    }

    private static String env(final String name, final String fallback) {
        final String value = System.getenv(name);
        return value == null || value.isEmpty() ? fallback : value;
    }
}
