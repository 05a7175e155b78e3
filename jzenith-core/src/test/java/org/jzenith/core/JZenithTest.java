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
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.core.configuration.SampleConfiguration;

class JZenithTest {

    private final List<String> journal = new CopyOnWriteArrayList<>();

    @Test
    void startsPluginsInOrderAndStopsThemInReverse() {
        final JZenith app = JZenith.application()
                .withPlugins(plugin("first"), plugin("second"), plugin("third"))
                .run();

        assertThat(journal).containsExactly("start first", "start second", "start third");
        app.stop();
        assertThat(journal).endsWith("stop third", "stop second", "stop first");
    }

    @Test
    void aFailingPluginStopsWhatStartedAndNamesItself() {
        final JZenith app = JZenith.application()
                .withPlugins(
                        plugin("first"),
                        plugin("second"),
                        new RecordingPlugin("broken", journal, true),
                        plugin("never"));

        assertThatThrownBy(app::run)
                .isInstanceOf(StartupException.class)
                .hasMessage("The plugin 'broken' failed to start: port 80 is taken");
        assertThat(journal).containsExactly("start first", "start second", "fail broken", "stop second", "stop first");
    }

    @Test
    void conditionalPluginsTakePartOnlyWhenTheConfigurationSaysSo() {
        final JZenith app = JZenith.application("--sample.host=redis")
                .withPlugins(plugin("always"))
                .withPluginsIf(SampleConfiguration.class, c -> c.host().equals("jdbc"), plugin("jdbc"))
                .withPluginsIf(SampleConfiguration.class, c -> c.host().equals("redis"), plugin("redis"))
                .run();
        app.stop();

        assertThat(journal).containsExactly("start always", "start redis", "stop redis", "stop always");
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
                .run();
        assertThat(app.instance(AutoCloseable.class)).isNotNull();

        app.stop();

        assertThat(closed).isTrue();
    }

    @Test
    void injectsVertxAndTheApplicationsConfiguration() {
        final JZenith app = JZenith.application("--sample.port=9090")
                .withConfigurationMappings(SampleConfiguration.class)
                .withConfiguration("sample.host", "example.org")
                .run();
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
        final JZenith app = JZenith.application().run();
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

        assertThatThrownBy(app::run)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("jzenith.shutdown-timout (code (withConfiguration)): unknown key; "
                        + "did you mean jzenith.shutdown-timeout?");
    }

    @Test
    void cannotBeConfiguredOnceRunningNorRunTwice() {
        final JZenith app = JZenith.application().run();
        try {
            assertThatThrownBy(() -> app.withConfiguration("jzenith.event-loops", 1))
                    .isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(app::run).isInstanceOf(IllegalStateException.class);
        } finally {
            app.stop();
            app.stop();
        }
    }

    private RecordingPlugin plugin(final String name) {
        return new RecordingPlugin(name, journal, false);
    }
}
