package org.jzenith.examples.users;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The user service's own settings, under {@code user.}. */
@ConfigMapping(prefix = "user")
public interface UserServiceConfiguration {

    /** Where users are kept. */
    enum Store {
        /** Through the JDBC plugin: embedded H2 unless {@code jdbc.url} is set. */
        JDBC,

        /** Through the PostgreSQL plugin's reactive client, configured under {@code postgresql.}. */
        POSTGRESQL,

        /**
         * Through the Redis plugin, configured under {@code redis.}: a JSON value per user and a sorted
         * index for pages.
         */
        REDIS,

        /**
         * Through the Cassandra plugin, configured under {@code cassandra.}: a row per user and an index
         * table for pages, written together in a logged batch. No outbox: see {@link Events#OUTBOX}.
         */
        CASSANDRA
    }

    /** {@code user.store}: the persistence the service uses. */
    @WithDefault("jdbc")
    Store store();

    /** Who may create, change and delete users. */
    enum Security {
        /**
         * Everyone: every request acts as a user in the role {@code user-admin}, said at start-up with
         * a warning. For trying the service out on one's own machine: the service then refuses a
         * {@code rest.host} other machines reach, outside the {@code dev} and {@code test} profiles. A
         * deployed service sets {@code jwt}.
         */
        NONE,

        /**
         * Callers with a JWT bearer token whose roles claim has {@code user-admin}, verified by the JWT
         * plugin (configured under {@code jwt.}); reading stays open to all.
         */
        JWT
    }

    /** {@code user.security}: who may write; {@code none} unless set. */
    @WithDefault("none")
    Security security();

    /** Where the service publishes {@code UserCreated} and {@code UserDeleted}. */
    enum Events {
        /** Nowhere: the service runs with nothing installed. */
        NONE,

        /**
         * To the Kafka topic {@code users.events}, through the emitter of the channel {@code
         * users.events}: {@code kafka.bootstrap-servers}, or the plugin's own broker in the {@code dev}
         * profile. With {@code messaging.channels."users.events".connector=rabbitmq} the same emitter
         * sends to the RabbitMQ exchange {@code users.events} instead ({@code rabbitmq.host}).
         */
        KAFKA,

        /**
         * To the same topic through the transactional outbox ({@code JdbcPlugin.create().withOutbox()}
         * with {@code user.store=jdbc}, {@code PostgresqlPlugin.create().withOutbox()} with {@code
         * user.store=postgresql}): each event commits with its change, and the relay of the connector
         * plugin that serves the channel (Kafka's, or RabbitMQ's as above) sends it after the commit, so no committed change loses its event and no rolled-back one has
         * one. Not with {@code user.store=redis}, nor with {@code user.store=cassandra}, which has no
         * transaction that holds a user's row and an outbox row together (start-up refuses it).
         */
        OUTBOX,

        /**
         * A row of Debezium's outbox table {@code outboxevent} (id, aggregatetype {@code users.events},
         * aggregateid the user, type, payload the event's JSON), written in the transaction of the change,
         * and nothing else: no relay runs in the service; Debezium's embedded engine with its outbox
         * event router sends the rows to Kafka ({@code benchmarks/apps/debezium}, the anchor of {@code
         * benchmarks/outbox.sh}). With {@code user.store=postgresql} only; whoever runs Debezium makes
         * the table.
         */
        DEBEZIUM
    }

    /** {@code user.events}: {@code none} unless set. */
    @WithDefault("none")
    Events events();
}
