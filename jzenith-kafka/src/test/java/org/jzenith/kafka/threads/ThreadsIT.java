package org.jzenith.kafka.threads;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * The execution rule against a real broker, for a service written the way the Quarkus guide teaches (no
 * jZenith annotation in its messaging classes): a {@code @NonBlocking} consumer, one returning a {@code
 * Uni} (whose Vert.x call completes on the context it was called on) and a processor returning a {@code
 * CompletionStage} run on a Vert.x event loop; the plain consumer of the processor's results on a virtual
 * thread.
 */
class ThreadsIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private static final Duration WAIT = Duration.ofSeconds(60);

    private JZenith app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
    }

    @Test
    void eachMethodRunsWhereTheExecutionRuleSays() throws Exception {
        final String suffix = UUID.randomUUID().toString().substring(0, 8);
        app = JZenith.application()
                .withPlugins(
                        KafkaPlugin.withConsumers(EventLogger.class, AuditWriter.class, Shouter.class, ShoutBoard.class)
                                .withEmitter("events-out", String.class)
                                .withEmitter("audits-out", String.class)
                                .withEmitter("words-out", String.class))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", "threads-" + suffix)
                // each emitter's channel and the consumer's read one topic, as in the guide's two services
                .withConfiguration("kafka.channels.events-out.topic", "events-" + suffix)
                .withConfiguration("kafka.channels.events.topic", "events-" + suffix)
                .withConfiguration("kafka.channels.audits-out.topic", "audits-" + suffix)
                .withConfiguration("kafka.channels.audits.topic", "audits-" + suffix)
                .withConfiguration("kafka.channels.words-out.topic", "words-" + suffix)
                .withConfiguration("kafka.channels.words.topic", "words-" + suffix)
                .withConfiguration("kafka.channels.shouts.topic", "shouts-" + suffix)
                .start();
        final Sender sender = app.instance(Sender.class);
        final EventLogger logger = app.instance(EventLogger.class);
        final AuditWriter writer = app.instance(AuditWriter.class);
        final Shouter shouter = app.instance(Shouter.class);
        final ShoutBoard board = app.instance(ShoutBoard.class);

        sender.event("signed-in").toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        sender.audit("login").toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        sender.word("hello").toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        Await.until(
                WAIT,
                "each consumer has its record",
                () -> !logger.seen.isEmpty() && !writer.completed.isEmpty() && !board.shouts.isEmpty());

        assertThat(logger.seen).singleElement().satisfies(where -> assertThat(where.eventLoop())
                .as(where.thread())
                .isTrue());
        assertThat(writer.called).singleElement().satisfies(where -> assertThat(where.eventLoop())
                .as(where.thread())
                .isTrue());
        assertThat(writer.completed.getFirst().context())
                .as("the timer completed on the context the method was called on")
                .isPresent()
                .isEqualTo(writer.called.getFirst().context());
        assertThat(shouter.seen).singleElement().satisfies(where -> assertThat(where.eventLoop())
                .as(where.thread())
                .isTrue());
        assertThat(board.shouts).containsExactly("HELLO");
        assertThat(board.seen).singleElement().satisfies(where -> {
            assertThat(where.virtual()).as(where.thread()).isTrue();
            assertThat(where.eventLoop()).as(where.thread()).isFalse();
        });
    }
}
