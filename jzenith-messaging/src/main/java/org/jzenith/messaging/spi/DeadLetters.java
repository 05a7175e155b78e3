package org.jzenith.messaging.spi;

import java.util.concurrent.ExecutionException;

/**
 * A connector's dead letters for one channel: where a message that failed for good goes under the
 * {@code dead-letter-queue} failure strategy (Kafka: a dead-letter topic; a queue broker: a
 * dead-letter exchange), with headers naming where it came from and why it failed. The messaging
 * layer tries again while the broker is away, sends a copy cut down to the message's position and
 * failure when the broker refuses the whole one for good, and skips the message with an ERROR when
 * even that is refused. Called on the channel's virtual threads; blocking is fine. Thread-safe.
 */
public interface DeadLetters {

    /** The dead letters' name, for logs: a topic, an exchange. */
    String destination();

    /** Sends {@code message} with its failure and the attempts made; returns once the broker has it. */
    void send(InboundMessage message, Throwable failure, int attempts) throws ExecutionException, InterruptedException;

    /** Sends only the message's position and failure, for a message whose whole copy was refused for good. */
    void sendCutDown(InboundMessage message, Throwable failure, int attempts, Throwable refused)
            throws ExecutionException, InterruptedException;

    /** Whether the broker refused a send for good (too large, not authorized, no destination), not for now. */
    boolean refusedForGood(Throwable refused);
}
