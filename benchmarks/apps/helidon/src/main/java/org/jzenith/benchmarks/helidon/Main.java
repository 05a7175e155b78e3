package org.jzenith.benchmarks.helidon;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.helidon.config.Config;
import io.helidon.logging.common.LogConfig;
import io.helidon.webserver.WebServer;

/**
 * The TechEmpower test types on Helidon SE 4: its WebServer (a virtual thread per request),
 * JSON-P media support, blocking JDBC through HikariCP.
 *
 * <p>Usage: {@code java -Dserver.port=PORT -jar helidon-benchmark.jar}; the database from
 * application.yaml, overridden by {@code DB_HOST}, {@code DB_PORT}, {@code DB_NAME},
 * {@code DB_USER} and {@code DB_PASSWORD}.
 */
public final class Main {

    private Main() {}

    public static void main(final String... args) {
        LogConfig.configureRuntime();
        final Config config = Config.create();
        final Config db = config.get("db");
        final HikariConfig hikari = new HikariConfig();
        hikari.setJdbcUrl("jdbc:postgresql://" + db.get("host").asString().get() + ":"
                + db.get("port").asInt().get() + "/" + db.get("name").asString().get());
        hikari.setUsername(db.get("user").asString().get());
        hikari.setPassword(db.get("password").asString().get());
        final HikariDataSource dataSource = new HikariDataSource(hikari);

        WebServer.builder()
                .config(config.get("server"))
                .routing(routing -> routing.register("/", new BenchmarkService(dataSource))
                        .register("/users", new UsersService()))
                .build()
                .start();
    }
}
