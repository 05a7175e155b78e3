package org.jzenith.messaging.emitter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.OutboundMessage;
import org.jzenith.messaging.spi.Payload;

/**
 * A send the broker refused is logged with its channel and the failure, never its payload: the guides'
 * senders ignore the stage {@code send} returns, and they must still be able to find what was lost.
 */
class FailedSendLogTest {

    /** A broker that refuses every message. */
    private static final class RefusingOutbound implements Outbound {
        @Override
        public CompletionStage<Void> send(final OutboundMessage message) {
            return CompletableFuture.failedFuture(new IllegalStateException("the broker refused it"));
        }
    }

    @Test
    void aRefusedSendWhoseStageNobodyReadsIsLoggedWithoutItsPayload() {
        final ChannelEmitter<String> emitter = new ChannelEmitter<>(
                "quote-requests", Payload.of(String.class, new ObjectMapper()).orElseThrow(), new RefusingOutbound());
        final ByteArrayOutputStream errors = new ByteArrayOutputStream();
        final PrintStream original = System.err;
        System.setErr(new PrintStream(errors, true, StandardCharsets.UTF_8));
        try {
            emitter.send("secret-payload-4711");
        } finally {
            System.setErr(original);
        }

        assertThat(errors.toString(StandardCharsets.UTF_8))
                .contains("Sending a message to channel 'quote-requests' failed, so it was not sent:"
                        + " java.lang.IllegalStateException: the broker refused it")
                .doesNotContain("secret-payload-4711");
    }
}
