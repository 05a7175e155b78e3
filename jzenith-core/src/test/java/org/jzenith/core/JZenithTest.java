package org.jzenith.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.core.configuration.SampleConfiguration;
import org.jzenith.core.configuration.SettingProblem;

class JZenithTest {

    private final List<String> journal = new CopyOnWriteArrayList<>();

    @Test
    void jbossLoggingLogsThroughSlf4jSoThatLog4jApiOnTheClassPathPrintsNoError() {
        JZenith.application();
        assertThat(System.getProperty(JZenith.JBOSS_LOGGING_PROVIDER)).isEqualTo("slf4j");
    }

    @Test
    void startsPluginsInOrderAndStopsThemInReverse() {
        final JZenith app = JZenith.application()
                .withPlugins(plugin("first"), plugin("second"), plugin("third"))
                .start();

        assertThat(lifecycle()).containsExactly("start first", "start second", "start third");
        app.stop();
        assertThat(lifecycle()).endsWith("stop third", "stop second", "stop first");
    }

    @Test
    void aFailingPluginStopsWhatStartedAndNamesItself() {
        final JZenith app = JZenith.application()
                .withPlugins(
                        plugin("first"),
                        plugin("second"),
                        new RecordingPlugin("broken", journal, true),
                        plugin("never"));

        assertThatThrownBy(app::start)
                .isInstanceOf(StartupException.class)
                .hasMessage("The plugin 'broken' failed to start: port 80 is taken");
        assertThat(lifecycle())
                .containsExactly("start first", "start second", "fail broken", "stop second", "stop first");
    }

    @Test
    void conditionalPluginsTakePartOnlyWhenTheConfigurationSaysSo() {
        final JZenith app = JZenith.application("--sample.host=redis")
                .withPlugins(plugin("always"))
                .withPluginsIf(SampleConfiguration.class, c -> c.host().equals("jdbc"), plugin("jdbc"))
                .withPluginsIf(SampleConfiguration.class, c -> c.host().equals("redis"), plugin("redis"))
                .start();
        app.stop();

        assertThat(lifecycle()).containsExactly("start always", "start redis", "stop redis", "stop always");
    }

    @Test
    void variantsOfAPluginUnderExclusiveConditionsTakePartOneAtATime() {
        final JZenith app = JZenith.application("--sample.host=redis")
                .withPluginsIf(SampleConfiguration.class, c -> c.host().equals("jdbc"), plugin("store"))
                .withPluginsIf(SampleConfiguration.class, c -> !c.host().equals("jdbc"), plugin("store"))
                .start();
        app.stop();

        assertThat(lifecycle()).containsExactly("start store", "stop store");
    }

    @Test
    void variantsOfAPluginWhoseConditionsBothHoldStopStartUp() {
        final JZenith app = JZenith.application("--sample.host=redis")
                .withPluginsIf(SampleConfiguration.class, c -> c.host().equals("redis"), plugin("store"))
                .withPluginsIf(SampleConfiguration.class, c -> c.host().startsWith("re"), plugin("store"));

        assertThatThrownBy(app::start)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'store' takes part twice");
    }

    @Test
    void aConditionalVariantOfAnUnconditionalPluginIsRefused() {
        assertThatThrownBy(() -> JZenith.application()
                        .withPlugins(plugin("rest"))
                        .withPluginsIf(SampleConfiguration.class, c -> true, plugin("rest")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'rest' is registered twice");
    }

    @Test
    void aPluginRegisteredTwiceIsRefused() {
        assertThatThrownBy(() -> JZenith.application().withPlugins(plugin("rest"), plugin("rest")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'rest' is registered twice");
    }

    @Test
    void closesAutoCloseableSingletonsOnStop() {
        final AtomicBoolean closed = new AtomicBoolean();
        final JZenith app = JZenith.application()
                .withModules(new AbstractModule() {
                    @Provides
                    @Singleton
                    AutoCloseable resource() {
                        return () -> closed.set(true);
                    }
                })
                .start();
        assertThat(app.instance(AutoCloseable.class)).isNotNull();

        app.stop();

        assertThat(closed).isTrue();
    }

    /** Closed only as singletons: bound to a @Singleton implementation, or in the singleton scope. */
    interface Connection extends AutoCloseable {
        @Override
        void close();
    }

    @Singleton
    static final class PooledConnection implements Connection {
        static final AtomicBoolean CLOSED = new AtomicBoolean();

        @Override
        public void close() {
            CLOSED.set(true);
        }
    }

    static final class ScopedResource implements AutoCloseable {
        static final AtomicBoolean CLOSED = new AtomicBoolean();

        @Override
        public void close() {
            CLOSED.set(true);
        }
    }

    /** Unscoped: a new one per injection, which its user closes; the application does not. */
    static final class PerCallResource implements AutoCloseable {
        static final AtomicBoolean CLOSED = new AtomicBoolean();

        @Override
        public void close() {
            CLOSED.set(true);
        }
    }

    @Test
    void closesSingletonsBoundThroughALinkOrAScopeButNotUnscopedObjects() {
        PooledConnection.CLOSED.set(false);
        ScopedResource.CLOSED.set(false);
        PerCallResource.CLOSED.set(false);
        final JZenith app = JZenith.application()
                .withModules(new AbstractModule() {
                    @Override
                    protected void configure() {
                        bind(Connection.class).to(PooledConnection.class);
                        bind(ScopedResource.class).in(Singleton.class);
                    }
                })
                .start();
        assertThat(app.instance(Connection.class)).isSameAs(app.instance(Connection.class));
        assertThat(app.instance(ScopedResource.class)).isNotNull();
        assertThat(app.instance(PerCallResource.class)).isNotSameAs(app.instance(PerCallResource.class));

        app.stop();

        assertThat(PooledConnection.CLOSED).isTrue();
        assertThat(ScopedResource.CLOSED).isTrue();
        assertThat(PerCallResource.CLOSED).isFalse();
    }

    @Test
    void injectsVertxAndTheApplicationsConfiguration() {
        final JZenith app = JZenith.application("--sample.port=9090")
                .withConfigurationMappings(SampleConfiguration.class)
                .withConfiguration("sample.host", "example.org")
                .start();
        try {
            assertThat(app.instance(SampleConfiguration.class).port()).isEqualTo(9090);
            assertThat(app.instance(SampleConfiguration.class).host()).isEqualTo("example.org");
            assertThat(app.instance(Vertx.class)).isNotNull();
        } finally {
            app.stop();
        }
    }

    @Test
    void exposesJvmProcessAndVertxMetricsInOneRegistry() {
        final JZenith app = JZenith.application().start();
        try {
            final PrometheusMeterRegistry registry = app.instance(PrometheusMeterRegistry.class);
            assertThat(app.instance(MeterRegistry.class)).isSameAs(registry);
            app.instance(Vertx.class)
                    .executeBlocking(() -> "warm the worker pool")
                    .await();
            assertThat(registry.scrape())
                    .contains("jvm_memory_used_bytes", "jvm_gc_", "jvm_threads_live_threads", "process_cpu_usage")
                    .contains("vertx_pool_");
        } finally {
            app.stop();
        }
    }

    @Test
    void anUnknownKeyInCodeStopsStartUpWithASuggestion() {
        final JZenith app = JZenith.application().withConfiguration("jzenith.shutdown-timout", "5s");

        assertThatThrownBy(app::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("jzenith.shutdown-timout (code (withConfiguration)): unknown key; "
                        + "did you mean jzenith.shutdown-timeout?");
    }

    @Test
    void cannotBeConfiguredOnceRunningNorRunTwice() {
        final JZenith app = JZenith.application().start();
        try {
            assertThatThrownBy(() -> app.withConfiguration("jzenith.event-loops", 1))
                    .isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(app::start).isInstanceOf(IllegalStateException.class);
        } finally {
            app.stop();
            app.stop();
        }
    }

    @Test
    void pluginsStartByPhaseWhateverTheOrderTheyAreGivenIn() {
        final JZenith app = JZenith.application()
                .withPlugins(
                        plugin("rest").in(Plugin.Phase.SERVE),
                        plugin("cache"),
                        plugin("database").in(Plugin.Phase.CONNECT))
                .start();
        app.stop();

        assertThat(lifecycle())
                .containsExactly(
                        "start database", "start cache", "start rest", "stop rest", "stop cache", "stop database");
    }

    @Test
    void aPluginsSettingProblemsAreEachReportedWithTheKeyAndWhereItsValueCameFrom() {
        final Plugin store = new Plugin() {
            @Override
            public String name() {
                return "store";
            }

            @Override
            public void validate(final Validation validation) {
                validation
                        .configuration(SampleConfiguration.class)
                        .ifPresent(sample -> validation.reject(List.of(
                                new SettingProblem("sample.host", "a host the store answers on, not " + sample.host()),
                                new SettingProblem("sample.password", "a password of at least 8 characters"))));
            }
        };
        final JZenith app = JZenith.application("--sample.host=nowhere", "--sample.password=short")
                .withConfigurationMappings(SampleConfiguration.class)
                .withPlugins(store);

        assertThatThrownBy(app::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("The configuration has 2 problems:")
                .hasMessageContaining(
                        "sample.host (command line): \"nowhere\" is not valid: expected a host the store answers on,"
                                + " not nowhere")
                .hasMessageContaining("sample.password (command line)")
                .hasMessageContaining("expected a password of at least 8 characters")
                .message()
                .as("a secret's value is masked")
                .doesNotContain("short");
        assertThat(new SettingProblem("sample.host", "a host").toString())
                .isEqualTo("sample.host is not valid: expected a host");
        assertThatThrownBy(() -> SettingProblem.requireNone(List.of(
                        new SettingProblem("a.url", "a URL"), new SettingProblem("a.user", "a value, not nothing"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a.url is not valid: expected a URL; a.user is not valid: expected a value, not nothing");
        SettingProblem.requireNone(List.of());
    }

    @Test
    void everyProblemOfTheConfigurationAndThePluginsIsReportedAtOnceBeforeAnythingIsCreated() {
        final JZenith app = JZenith.application("--sample.port=99999", "--sample.timeout=20m", "--sample.workers=0")
                .withConfigurationMappings(SampleConfiguration.class)
                .withPlugins(plugin("fine"), plugin("resources").reporting("has no @Path; annotate the class"));

        assertThatThrownBy(app::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessage(String.join(
                        System.lineSeparator(),
                        "The configuration has 4 problems:",
                        "  - sample.port (command line): \"99999\" is not valid: expected 0 to 65535 (0 picks a free port)",
                        "  - sample.timeout (command line): \"20m\" is not valid: expected a duration of 100ms to 10m",
                        "  - sample.workers (command line): \"0\" is not valid: expected at least 1",
                        "  - resources (RecordingPlugin): has no @Path; annotate the class"));
        assertThat(journal)
                .as("validated, but no module configured and nothing started")
                .containsExactly("validate fine", "validate resources");
    }

    @Test
    void valuesWithinTheirRangesStart() {
        final JZenith app = JZenith.application("--sample.port=0", "--sample.timeout=100ms", "--sample.workers=4")
                .withConfigurationMappings(SampleConfiguration.class)
                .start();
        try {
            assertThat(app.instance(SampleConfiguration.class).workers()).hasValue(4);
        } finally {
            app.stop();
        }
    }

    @Test
    void refusesToBlockAnEventLoop() throws Exception {
        final JZenith app = JZenith.application().start();
        try {
            final Vertx vertx = app.instance(Vertx.class);
            final CompletableFuture<Throwable> start = new CompletableFuture<>();
            final CompletableFuture<Throwable> stop = new CompletableFuture<>();
            vertx.runOnContext(ignored -> {
                start.complete(failureOf(() -> JZenith.application().start()));
                stop.complete(failureOf(app::stop));
            });

            assertThat(start.get(10, TimeUnit.SECONDS))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("start() blocks")
                    .hasMessageContaining("event loop");
            assertThat(stop.get(10, TimeUnit.SECONDS))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("Thread.startVirtualThread(app::stop)");
        } finally {
            app.stop();
        }
    }

    @Test
    void stoppingAnApplicationThatNeverStartedReturnsAtOnce() {
        final long start = System.nanoTime();

        JZenith.application().stop();

        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)).isLessThan(5);
    }

    private static Throwable failureOf(final Runnable call) {
        try {
            call.run();
            return new AssertionError("did not fail");
        } catch (final RuntimeException e) {
            return e;
        }
    }

    /** The journal's start, stop and fail events, without validation and module events. */
    private List<String> lifecycle() {
        return journal.stream()
                .filter(event -> event.startsWith("start ") || event.startsWith("stop ") || event.startsWith("fail "))
                .toList();
    }

    private RecordingPlugin plugin(final String name) {
        return new RecordingPlugin(name, journal, false);
    }
}
