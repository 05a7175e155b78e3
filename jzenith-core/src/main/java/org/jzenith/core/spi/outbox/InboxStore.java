package org.jzenith.core.spi.outbox;

import java.time.Instant;
import java.util.concurrent.Callable;

/**
 * The store side of the idempotent inbox, which a store plugin (JDBC) implements and a consumer
 * (Kafka's {@code @Idempotent} methods) calls. Blocking; thread-safe.
 */
public interface InboxStore {

    /**
     * Runs {@code work} in one transaction with the record of {@code messageId} (the work's own writes
     * join it on this thread), or does nothing when that id was recorded before: true when {@code
     * work} ran, false for a duplicate. A failure of {@code work} rolls both back and is thrown.
     */
    boolean once(String messageId, String channel, Callable<?> work) throws Exception;

    /**
     * Forgets the ids recorded before {@code receivedBefore}, so that the inbox does not grow for ever;
     * the number forgotten. A copy of a forgotten message would be applied again: the consumer's
     * plugin calls this with {@code inbox.retention}, far longer than any redelivery.
     */
    int purge(Instant receivedBefore);
}
