package org.jzenith.test.services;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The services that integration tests talk to on this machine, with their fixed ports. */
enum LocalService {
    POSTGRESQL("PostgreSQL", 5432, "apt-get install -y postgresql"),
    MARIADB("MariaDB", 3306, "apt-get install -y mariadb-server mariadb-client"),
    REDIS("Redis", 6379, "apt-get install -y redis-server"),
    RABBITMQ("RabbitMQ", 5672, "apt-get install -y rabbitmq-server (or scripts/rabbitmq.sh)");

    final String title;
    final int port;
    final String install;

    LocalService(final String title, final int port, final String install) {
        this.title = title;
        this.port = port;
        this.install = install;
    }

    /** The name people type: {@code postgresql}, {@code mariadb}, {@code redis}, {@code rabbitmq}. */
    String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The service called {@code id}, ignoring case. */
    static Optional<LocalService> named(final String id) {
        return Arrays.stream(values())
                .filter(service -> service.id().equalsIgnoreCase(id))
                .findFirst();
    }
}
