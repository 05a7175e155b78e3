package org.jzenith.messaging.consumer.threads;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.inprocess.InProcessPlugin;
import org.jzenith.test.Await;

/**
 * The execution rule on in-process channels, for a service written the way the Quarkus guide teaches (no
 * jZenith annotation in its messaging classes): a {@code @NonBlocking} consumer and one returning a
 * {@code Uni} run on a Vert.x event loop, so does a processor returning a {@code CompletionStage}, whose
 * result reaches a plain consumer on a virtual thread.
 */
class ThreadsGuideIT {

    private static final Duration WAIT = Duration.ofSeconds(20);

    private JZenith app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
    }

    @Test
    void eachMethodRunsWhereTheExecutionRuleSays() throws Exception {
        app = JZenith.application()
                .withPlugins(InProcessPlugin.withConsumers(
                                EventLogger.class, AuditWriter.class, Shouter.class, ShoutBoard.class)
                        .withEmitter("events", String.class)
                        .withEmitter("audits", String.class)
                        .withEmitter("words", String.class))
                .start();
        final Sender sender = app.instance(Sender.class);

        // An in-process send completes when its consumer is done with the message.
        sender.event("signed-in").toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        sender.audit("login").toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        sender.word("hello").toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        final ShoutBoard board = app.instance(ShoutBoard.class);
        Await.until(WAIT, "the shout on the board", () -> !board.shouts.isEmpty());

        assertThat(app.instance(EventLogger.class).seen)
                .singleElement()
                .satisfies(where ->
                        assertThat(where.eventLoop()).as(where.thread()).isTrue());
        assertThat(app.instance(AuditWriter.class).seen)
                .singleElement()
                .satisfies(where ->
                        assertThat(where.eventLoop()).as(where.thread()).isTrue());
        assertThat(app.instance(Shouter.class).seen).singleElement().satisfies(where -> assertThat(where.eventLoop())
                .as(where.thread())
                .isTrue());
        assertThat(board.shouts).containsExactly("HELLO");
        assertThat(board.seen).singleElement().satisfies(where -> {
            assertThat(where.virtual()).as(where.thread()).isTrue();
            assertThat(where.eventLoop()).as(where.thread()).isFalse();
        });
    }
}
