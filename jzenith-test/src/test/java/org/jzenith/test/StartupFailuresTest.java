package org.jzenith.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;
import org.jzenith.core.StartupException;

class StartupFailuresTest {

    private static final String SECRET = "hunter2-4711";

    /** A plugin whose start fails with {@code message}, optionally leaving a thread behind. */
    private record Failing(String message, CountDownLatch leak) implements Plugin {

        Failing(final String message) {
            this(message, new CountDownLatch(0));
        }

        @Override
        public String name() {
            return "failing";
        }

        @Override
        public Future<Void> start(final PluginContext context) {
            if (leak.getCount() > 0) {
                Thread.ofPlatform().name("leaked-by-failing").start(() -> {
                    try {
                        leak.await();
                    } catch (final InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            return Future.failedFuture(new IllegalStateException(message));
        }
    }

    @Test
    void acceptsARefusalThatNamesTheKeyHidesTheSecretAndCleansUp() {
        final RuntimeException failure = StartupFailures.assertRefusesToStart(
                app(new Failing("cannot connect to failing.url=redis://:****@host")), "failing.url", SECRET);
        assertThat(failure)
                .isInstanceOf(StartupException.class)
                .hasMessage("The plugin 'failing' failed to start: cannot connect to failing.url=redis://:****@host");
    }

    @Test
    void rejectsAMessageWithoutTheKey() {
        assertThatThrownBy(() -> StartupFailures.assertRefusesToStart(app(new Failing("it broke")), "failing.url"))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("the failure does not name failing.url");
    }

    @Test
    void rejectsAShownSecretWithoutShowingItAgain() {
        assertThatThrownBy(() -> StartupFailures.assertRefusesToStart(
                        app(new Failing("failing.password=" + SECRET + " is wrong")), "failing.password", SECRET))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("shows secret number 1")
                .hasMessageNotContaining(SECRET)
                .hasNoCause();
    }

    @Test
    void rejectsAThreadLeftRunning() {
        final CountDownLatch leak = new CountDownLatch(1);
        try {
            assertThatThrownBy(() -> StartupFailures.assertRefusesToStart(
                            Duration.ofMillis(300), app(new Failing("failing.url is wrong", leak)), "failing.url"))
                    .isInstanceOf(AssertionError.class)
                    .hasMessage("a failed start left threads running: leaked-by-failing");
        } finally {
            leak.countDown();
        }
    }

    @Test
    void rejectsAnApplicationThatStarts() {
        assertThatThrownBy(() -> StartupFailures.assertRefusesToStart(JZenith.application(), "any.key"))
                .isInstanceOf(AssertionError.class)
                .hasMessage("the application started, though it was expected to refuse because of any.key");
    }

    private static JZenith app(final Plugin plugin) {
        return JZenith.application().withPlugins(plugin).withConfiguration("jzenith.event-loops", 1);
    }
}
