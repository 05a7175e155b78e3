package org.jzenith.examples.users.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import jakarta.inject.Singleton;

/**
 * Writes each user event as a row of Debezium's outbox table {@code outboxevent} in the change's
 * reactive transaction, as a service relayed by Debezium's outbox event router does: the same JSON the
 * jZenith relay sends, {@value UserEventsModule#CHANNEL} as the aggregate type (the router's topic),
 * the user as the aggregate id (the record's key). Nothing in this service sends it: Debezium reads
 * the row from the write-ahead log ({@code benchmarks/apps/debezium}).
 */
@Singleton
final class DebeziumOutboxUserEvents implements UserEvents {

    private static final String INSERT = "INSERT INTO outboxevent (id, aggregatetype, aggregateid, type, payload)"
            + " VALUES ($1, '" + UserEventsModule.CHANNEL + "', $2, $3, $4)";

    private final ObjectMapper json = JsonMapper.builder()
            .addModule(new Jdk8Module())
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .build();

    @Override
    public Future<Void> publish(final SqlConnection transaction, final UserEvent event) {
        final String payload;
        try {
            payload = json.writeValueAsString(event);
        } catch (final JsonProcessingException e) {
            return Future.failedFuture(e);
        }
        return transaction
                .preparedQuery(INSERT)
                .execute(Tuple.of(event.eventId(), event.messageKey(), event.type(), payload))
                .mapEmpty();
    }

    /** Refused: the row is written in the change's reactive transaction only. */
    @Override
    public void publish(final UserEvent event) {
        throw new IllegalStateException("Debezium's outbox table is written in a reactive transaction only");
    }

    @Override
    public boolean transactional() {
        return true;
    }

    @Override
    public boolean reactive() {
        return true;
    }
}
