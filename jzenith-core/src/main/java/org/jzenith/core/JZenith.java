package org.jzenith.core;

import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Module;
import com.google.inject.Stage;
import com.google.inject.util.Modules;
import io.opentelemetry.api.OpenTelemetry;
import io.smallrye.config.SmallRyeConfig;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.core.configuration.ConfigurationProblem;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.configuration.Secrets;
import org.jzenith.core.internal.Closeables;
import org.jzenith.core.internal.CoreModule;
import org.jzenith.core.internal.LifecycleState;
import org.jzenith.core.internal.PreStopDelay;
import org.jzenith.core.internal.ShutdownSignals;
import org.jzenith.core.internal.StartupTimeline;
import org.jzenith.core.internal.StartupValidation;
import org.jzenith.core.internal.VertxFactory;
import org.jzenith.core.internal.configuration.ConfigurationInput;
import org.jzenith.core.internal.configuration.ConfigurationLoader;
import org.jzenith.core.internal.metrics.MetricsRegistryFactory;
import org.jzenith.core.internal.metrics.MetricsRegistryFactory.ApplicationMetrics;
import org.jzenith.core.internal.observability.PluginStartEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A jZenith application: the plugins and Guice modules it is made of, its configuration, and its
 * lifecycle.
 *
 * <pre>{@code
 * public static void main(String... args) {
 *     JZenith.application(args)
 *            .withPlugins(RestPlugin.withResources(UserResource.class))
 *            .withModules(new ServiceLayerModule())
 *            .withConfiguration("rest.port", 8080)
 *            .run();
 * }
 * }</pre>
 *
 * <p>Starting reads and checks the configuration and lets every plugin check what it was given,
 * reporting every problem at once before anything is created; then it creates Vert.x and the
 * injector and starts the plugins, phase by phase ({@link Plugin.Phase}), and returns when all are
 * ready. Stopping stops the plugins in reverse order, closes every {@link AutoCloseable} singleton
 * and Vert.x.
 *
 * <p>Two ways to start: {@link #run()} is for a process's {@code main}: it owns the process, so a
 * failed start prints the problems and exits with status 1, and SIGTERM or SIGINT stop the
 * application and exit with status 0. {@link #start()} is for tests and for hosts that embed an
 * application: it throws when the application cannot start and never exits the process. Either way
 * a JVM shutdown hook stops the application if the process ends while it runs.
 *
 * <p>The {@code with...} methods are for the thread that builds the application; {@link #start()},
 * {@link #run()} and {@link #stop()} may be called from any thread but an event loop (they block).
 */
public final class JZenith {

    private static final Logger LOG = LoggerFactory.getLogger(JZenith.class);

    private enum State {
        CONFIGURING,
        STARTING,
        RUNNING,
        STOPPED
    }

    private final List<String> args;
    private final List<Registration> plugins = new ArrayList<>();
    private final List<Module> modules = new ArrayList<>();
    private final List<Class<?>> configurationMappings = new ArrayList<>();
    private final Map<String, String> configuration = new LinkedHashMap<>();

    private final Object lock = new Object();
    private State state = State.CONFIGURING;
    static final String JBOSS_LOGGING_PROVIDER = "org.jboss.logging.provider";

    private Running running;
    private final CompletableFuture<Void> stopped = new CompletableFuture<>();
    private final LifecycleState lifecycle = new LifecycleState();
    private final Thread shutdownHook =
            Thread.ofPlatform().name("jzenith-shutdown").unstarted(this::stop);

    static {
        // Hibernate Validator logs through JBoss Logging, which picks Log4j 2 whenever log4j-api is on
        // the class path (Kafka's broker jars bring it) and then prints "ERROR StatusLogger Log4j2 could
        // not find a logging implementation" as a service's first line. jZenith logs through SLF4J;
        // JBoss Logging does too, unless the application chose otherwise.
        if (System.getProperty(JBOSS_LOGGING_PROVIDER) == null) {
            System.setProperty(JBOSS_LOGGING_PROVIDER, "slf4j");
        }
    }

    private JZenith(final String[] args) {
        this.args = new ArrayList<>(Arrays.asList(args));
    }

    /** A new application configured by {@code args} ({@code --key=value}, {@code --config=FILE}). */
    public static JZenith application(final String... args) {
        return new JZenith(args);
    }

    /** Adds plugins; they start in the order given, after any added before. */
    public JZenith withPlugins(final Plugin... plugins) {
        return register(config -> true, false, plugins);
    }

    /**
     * Adds plugins that take part only when the application's configuration says so, such as the
     * database plugin a service's {@code store} setting selects:
     *
     * <pre>{@code
     * .withPluginsIf(UserServiceConfiguration.class, c -> c.store() == Store.REDIS, RedisPlugin.create())
     * }</pre>
     *
     * The plugins' configuration is read and checked either way; their modules and start only
     * happen when {@code condition} holds. {@code mapping} is registered as by {@link
     * #withConfigurationMappings}.
     *
     * <p>Two variants of one plugin may be registered this way under exclusive conditions, such as
     * the JDBC plugin with its outbox only where the service publishes through it; start-up fails
     * when both conditions hold:
     *
     * <pre>{@code
     * .withPluginsIf(UserServiceConfiguration.class, c -> c.events() == Events.OUTBOX, JdbcPlugin.create().withOutbox())
     * .withPluginsIf(UserServiceConfiguration.class, c -> c.events() != Events.OUTBOX, JdbcPlugin.create())
     * }</pre>
     */
    public <T> JZenith withPluginsIf(final Class<T> mapping, final Predicate<T> condition, final Plugin... plugins) {
        checkConfiguring();
        if (!configurationMappings.contains(mapping)) {
            configurationMappings.add(mapping);
        }
        return register(config -> condition.test(config.getConfigMapping(mapping)), true, plugins);
    }

    private JZenith register(
            final Predicate<SmallRyeConfig> condition, final boolean conditional, final Plugin... plugins) {
        checkConfiguring();
        final Set<String> names = new HashSet<>();
        final Set<String> unconditional = new HashSet<>();
        this.plugins.forEach(registration -> {
            names.add(registration.plugin().name());
            if (!registration.conditional()) {
                unconditional.add(registration.plugin().name());
            }
        });
        for (final Plugin plugin : plugins) {
            Objects.requireNonNull(plugin, "plugin");
            // Variants under conditions of their own are alternatives; start-up checks that one at most takes part.
            final boolean alternative = conditional && !unconditional.contains(plugin.name());
            if (!names.add(plugin.name()) && !alternative) {
                throw new IllegalArgumentException("The plugin '" + plugin.name()
                        + "' is registered twice; name each plugin once in withPlugins(...), or register its"
                        + " variants with withPluginsIf(...) under exclusive conditions");
            }
            if (!conditional) {
                unconditional.add(plugin.name());
            }
            this.plugins.add(new Registration(plugin, condition, conditional));
        }
        return this;
    }

    /** A plugin and when it takes part; conditional when registered by {@code withPluginsIf}. */
    private record Registration(Plugin plugin, Predicate<SmallRyeConfig> condition, boolean conditional) {}

    /**
     * Adds command-line arguments ({@code --key=value}), as if they had been given after those of
     * {@link #application(String...)}; for launchers and tests that set a value above every other
     * source:
     *
     * <pre>{@code
     * JZenith app = UserServiceApplication.application(args).withArguments("--rest.port=0");
     * }</pre>
     */
    public JZenith withArguments(final String... more) {
        checkConfiguring();
        Arrays.stream(more).map(arg -> Objects.requireNonNull(arg, "argument")).forEach(args::add);
        return this;
    }

    /** Whether a plugin of this name ({@link Plugin#name()}) is registered, whether it takes part or not. */
    public boolean hasPlugin(final String name) {
        return plugins.stream()
                .anyMatch(registration -> registration.plugin().name().equals(name));
    }

    /** Adds the application's own Guice modules. */
    public JZenith withModules(final Module... modules) {
        checkConfiguring();
        Arrays.stream(modules)
                .map(module -> Objects.requireNonNull(module, "module"))
                .forEach(this.modules::add);
        return this;
    }

    /**
     * Registers the application's own {@code @ConfigMapping} interfaces: read and checked at
     * start-up with the plugins', and injectable.
     */
    public JZenith withConfigurationMappings(final Class<?>... mappings) {
        checkConfiguring();
        this.configurationMappings.addAll(Arrays.asList(mappings));
        return this;
    }

    /**
     * Sets a configuration value in code. Every other source but the classpath file overrides it;
     * an unknown key is reported at start-up with the nearest known one.
     */
    public JZenith withConfiguration(final String key, final Object value) {
        checkConfiguring();
        configuration.put(Objects.requireNonNull(key, "key"), String.valueOf(Objects.requireNonNull(value, "value")));
        return this;
    }

    /**
     * Starts the application as the process's service, for {@code main}: returns once every plugin
     * is ready. If it cannot start, it prints what is wrong (every configuration problem at once,
     * or the plugin that failed and why; the stack trace is logged at debug level) and exits with
     * status 1. SIGTERM and SIGINT stop the application and exit with status 0.
     */
    public JZenith run() {
        try {
            start();
        } catch (final ConfigurationException | StartupException e) {
            System.err.println(StartupFailure.describe(e));
            LOG.debug("jZenith did not start", e);
            System.exit(1);
        }
        ShutdownSignals.install(signal -> {
            LOG.info("Received SIG{}, stopping", signal);
            stop();
            System.exit(0);
        });
        return this;
    }

    /**
     * Starts the application within a host (a test, or a program that embeds it) and returns once
     * every plugin is ready; never exits the process.
     *
     * @throws ConfigurationException when the configuration or what the plugins were given has
     *     problems, listing all of them; nothing was created
     * @throws StartupException when a plugin or the injector failed; whatever had started is
     *     stopped again
     * @throws IllegalStateException when called twice, or on an event loop
     */
    public JZenith start() {
        requireNotOnEventLoop("start()");
        synchronized (lock) {
            if (state != State.CONFIGURING) {
                throw new IllegalStateException("This application was started already; start() or run() once");
            }
            state = State.STARTING;
        }
        final long startNanos = System.nanoTime();
        final List<Class<?>> mappings = allMappings();
        final ConfigurationInput input = ConfigurationInput.ofProcess(args.toArray(String[]::new), configuration);
        final SmallRyeConfig config = validated(input, mappings);
        final CoreConfiguration core = config.getConfigMapping(CoreConfiguration.class);
        final StartupTimeline timeline = new StartupTimeline(startNanos);
        timeline.reached("configuration");
        final List<Plugin> active = activePlugins(Optional.of(config));
        final ApplicationMetrics metrics = MetricsRegistryFactory.create();
        timeline.reached("metrics registry");
        final Optional<OpenTelemetry> openTelemetry = openTelemetry(active, config);
        final Vertx vertx = VertxFactory.create(core, metrics.registry(), openTelemetry);
        timeline.reached("Vert.x");
        final Closeables closeables = new Closeables();
        // The SDK flushes the spans it holds when closed, after the plugins (and the server) stopped.
        openTelemetry.ifPresent(made -> {
            if (made instanceof AutoCloseable closeable) {
                closeables.remember(closeable);
            }
        });
        final Running started = new Running(
                core,
                PreStopDelay.of(core.shutdown().preStopDelay(), input.environment()),
                vertx,
                metrics,
                closeables,
                active);
        synchronized (lock) {
            running = started;
        }
        try {
            final List<Module> allModules = new ArrayList<>();
            allModules.add(new CoreModule(
                    vertx,
                    metrics.registry(),
                    openTelemetry.orElse(OpenTelemetry.noop()),
                    config,
                    mappings,
                    closeables,
                    lifecycle));
            active.forEach(plugin -> allModules.addAll(plugin.modules()));
            final List<Module> defaults = active.stream()
                    .flatMap(plugin -> plugin.defaultModules().stream())
                    .toList();
            // The application's bindings replace the plugins' defaults for the same key; walking
            // the modules costs a little, so only when some plugin has defaults.
            if (defaults.isEmpty()) {
                allModules.addAll(modules);
            } else {
                allModules.add(Modules.override(defaults).with(modules));
            }
            started.context = new PluginContext(createInjector(allModules), vertx);
            timeline.reached("injector");
            for (final Plugin plugin : active) {
                final PluginStartEvent event = new PluginStartEvent();
                event.begin();
                await(plugin.start(started.context), core.startTimeout(), "start");
                if (event.shouldCommit()) {
                    event.plugin = plugin.name();
                    event.phase = plugin.phase().name();
                    event.commit();
                }
                started.plugins.push(plugin);
                timeline.reached("plugin " + plugin.name());
            }
        } catch (final StartupException e) {
            abandon(started);
            throw e;
        } catch (final RuntimeException | LinkageError e) {
            // A LinkageError is a class missing from the classpath: a packaging mistake to report.
            final String failed = failedPluginName(started);
            abandon(started);
            throw new StartupException("The plugin '" + failed + "' failed to start: " + describe(e), e);
        }
        synchronized (lock) {
            state = State.RUNNING;
        }
        lifecycle.serving();
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        LOG.info(
                "jZenith started in {} ms (JVM up {} ms) with plugins {}",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos),
                jvmUptimeMillis(),
                active.stream().map(Plugin::name).toList());
        return this;
    }

    /**
     * The checked configuration; or, if it or any plugin has problems, a {@link
     * ConfigurationException} listing all of them, thrown before anything is created.
     */
    private SmallRyeConfig validated(final ConfigurationInput input, final List<Class<?>> mappings) {
        final List<String> namespaces = plugins.stream()
                .flatMap(registration -> registration.plugin().configurationNamespaces().stream())
                .toList();
        final List<ConfigurationProblem> problems = new ArrayList<>();
        final ConfigurationLoader.Loaded loaded =
                ConfigurationLoader.read(input, mappings, namespaces, pluginDefaults(problems));
        final List<Plugin> active = activePlugins(loaded.config());
        final StartupValidation validation = new StartupValidation(loaded.config(), input.environment(), active);
        for (final Plugin plugin : active) {
            plugin.validate(validation);
        }
        problems.addAll(loaded.problems());
        problems.addAll(validation.problems());
        if (!problems.isEmpty()) {
            synchronized (lock) {
                state = State.STOPPED;
            }
            stopped.complete(null);
            throw new ConfigurationException(problems);
        }
        return loaded.config().orElseThrow();
    }

    /**
     * Every registered plugin's {@link Plugin#configurationDefaults()}, active or not (which plugins
     * are active depends on the configuration these defaults are part of); two plugins that give one
     * key different defaults are a problem, since neither may silently win.
     */
    private Map<String, String> pluginDefaults(final List<ConfigurationProblem> problems) {
        final Map<String, String> defaults = new LinkedHashMap<>();
        final Map<String, String> givenBy = new LinkedHashMap<>();
        for (final Registration registration : plugins) {
            final Plugin plugin = registration.plugin();
            plugin.configurationDefaults().forEach((key, value) -> {
                final String earlier = defaults.putIfAbsent(key, value);
                if (earlier == null) {
                    givenBy.put(key, plugin.name());
                } else if (!earlier.equals(value)) {
                    problems.add(new ConfigurationProblem(
                            key,
                            "plugin defaults",
                            "the plugins '" + givenBy.get(key) + "' and '" + plugin.name() + "' give it the defaults \""
                                    + Secrets.display(key, earlier) + "\" and \"" + Secrets.display(key, value)
                                    + "\"; set it in the application's"
                                    + " configuration, or leave one of the plugins out"));
                }
            });
        }
        return defaults;
    }

    /**
     * The OpenTelemetry a plugin made, if one did; closed (its spans flushed) with the application's
     * other resources, after the plugins stopped.
     */
    private Optional<OpenTelemetry> openTelemetry(final List<Plugin> active, final SmallRyeConfig config) {
        final List<OpenTelemetry> made = new ArrayList<>();
        final List<String> makers = new ArrayList<>();
        try {
            for (final Plugin plugin : active) {
                plugin.openTelemetry(config).ifPresent(openTelemetry -> {
                    made.add(openTelemetry);
                    makers.add(plugin.name());
                });
            }
            if (made.size() > 1) {
                throw new StartupException(
                        "The plugins " + makers + " each provide OpenTelemetry; register one" + " tracing plugin");
            }
        } catch (final RuntimeException e) {
            // Nothing else exists yet: the application ends here, as for a bad configuration.
            made.forEach(JZenith::closeQuietly);
            synchronized (lock) {
                state = State.STOPPED;
            }
            stopped.complete(null);
            throw e;
        }
        return made.stream().findFirst();
    }

    private static void closeQuietly(final OpenTelemetry openTelemetry) {
        if (openTelemetry instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (final Exception e) {
                LOG.debug("Closing an OpenTelemetry not used failed", e);
            }
        }
    }

    /**
     * The plugins that take part, in start order: by phase, then as registered. Without a
     * configuration (it has problems) every plugin counts, so that all of them are checked.
     */
    private List<Plugin> activePlugins(final Optional<SmallRyeConfig> config) {
        final Set<String> names = new HashSet<>();
        final List<Plugin> active = new ArrayList<>();
        for (final Registration registration : plugins) {
            if (!config.map(c -> registration.condition().test(c)).orElse(true)) {
                continue;
            }
            if (!names.add(registration.plugin().name())) {
                if (config.isEmpty()) {
                    continue; // checking alone: the first variant speaks for the plugin's settings
                }
                throw new IllegalStateException(
                        "The plugin '" + registration.plugin().name()
                                + "' takes part twice: the conditions of both of its withPluginsIf(...) registrations"
                                + " hold; make them exclusive");
            }
            active.add(registration.plugin());
        }
        return active.stream().sorted(Comparator.comparing(Plugin::phase)).toList();
    }

    /**
     * Stops the application: readiness ({@code /health/ready}) turns DOWN at once and the server
     * keeps answering for {@code jzenith.shutdown.pre-stop-delay}; then the plugins stop in reverse
     * order (the server stops accepting and lets requests in flight finish), then the injector's
     * {@link AutoCloseable} singletons close, then Vert.x, all within {@code jzenith.shutdown-timeout}. Safe to call more than
     * once and from several threads; later calls wait for the first to finish.
     */
    public void stop() {
        requireNotOnEventLoop("stop()");
        final Running toStop;
        synchronized (lock) {
            if (state == State.CONFIGURING) {
                return; // never started: nothing to stop
            }
            if (state == State.STOPPED) {
                toStop = null;
            } else {
                toStop = running;
                running = null;
                state = State.STOPPED;
            }
        }
        if (toStop == null) {
            waitUntilStopped();
            return;
        }
        final long startNanos = System.nanoTime();
        if (Thread.currentThread() != shutdownHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (final IllegalStateException e) {
                // The JVM is shutting down already; its hooks, ours among them, are running.
            }
        }
        lifecycle.stopping();
        waitBeforeClosing(toStop.preStopDelay);
        shutDown(toStop, "");
        LOG.info("jZenith stopped in {} ms", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos));
    }

    /**
     * Readiness has turned DOWN; the server keeps answering for {@code delay}, while load balancers
     * take the instance out of rotation, before anything stops.
     */
    private static void waitBeforeClosing(final Duration delay) {
        if (delay.isZero()) {
            return;
        }
        LOG.info(
                "Readiness is DOWN; still serving for {} ms (jzenith.shutdown.pre-stop-delay) before closing",
                delay.toMillis());
        try {
            Thread.sleep(delay);
        } catch (final InterruptedException e) {
            // Asked to hurry: stop now, and leave the flag for whoever interrupted us.
            Thread.currentThread().interrupt();
        }
    }

    /** The application's injector, for {@code main} methods and tests. */
    public Injector injector() {
        return runningContext().injector();
    }

    /** The instance the injector provides for {@code type}. */
    public <T> T instance(final Class<T> type) {
        return injector().getInstance(type);
    }

    private PluginContext runningContext() {
        synchronized (lock) {
            if (state != State.RUNNING || running == null || running.context == null) {
                throw new IllegalStateException("The application is not running; call run() or start() first");
            }
            return running.context;
        }
    }

    private List<Class<?>> allMappings() {
        final List<Class<?>> mappings = new ArrayList<>();
        mappings.add(CoreConfiguration.class);
        plugins.forEach(registration -> mappings.addAll(registration.plugin().configurationMappings()));
        mappings.addAll(configurationMappings);
        return mappings.stream().distinct().toList();
    }

    private static Injector createInjector(final List<Module> modules) {
        try {
            return Guice.createInjector(Stage.PRODUCTION, modules);
        } catch (final CreationException e) {
            throw new StartupException("The application's modules cannot be wired: " + e.getMessage(), e);
        }
    }

    private void shutDown(final Running toStop, final String failedPlugin) {
        final long deadline = System.nanoTime() + toStop.core.shutdownTimeout().toNanos();
        while (!toStop.plugins.isEmpty()) {
            final Plugin plugin = toStop.plugins.pop();
            try {
                await(plugin.stop(toStop.context), remaining(deadline), "stop");
            } catch (final RuntimeException e) {
                LOG.warn("The plugin '{}' did not stop cleanly: {}", plugin.name(), describe(e), e);
            }
        }
        toStop.closeables.closeAll();
        try {
            await(toStop.vertx.close(), remaining(deadline), "close Vert.x");
        } catch (final RuntimeException e) {
            LOG.warn("Vert.x did not close cleanly: {}", describe(e));
        }
        toStop.metrics.close();
        if (!failedPlugin.isEmpty()) {
            LOG.debug("Stopped what had started before '{}' failed", failedPlugin);
        }
        stopped.complete(null);
    }

    /** Stops what had started before a start-up failure; the application is then stopped for good. */
    private void abandon(final Running started) {
        synchronized (lock) {
            running = null;
            state = State.STOPPED;
        }
        shutDown(started, failedPluginName(started));
    }

    private String failedPluginName(final Running started) {
        return started.context == null
                ? "injector"
                : started.active.get(started.plugins.size()).name();
    }

    private void waitUntilStopped() {
        try {
            stopped.get(Duration.ofMinutes(1).toMillis(), TimeUnit.MILLISECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (final ExecutionException | TimeoutException e) {
            LOG.warn("Waited in vain for the application to stop: {}", describe(e));
        }
    }

    private static Duration remaining(final long deadlineNanos) {
        return Duration.ofNanos(Math.max(0, deadlineNanos - System.nanoTime()));
    }

    /** Waits for {@code future} on the calling thread, which is never a Vert.x thread here. */
    private static void await(final Future<?> future, final Duration timeout, final String what) {
        try {
            future.toCompletionStage().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to " + what, e);
        } catch (final ExecutionException e) {
            throw e.getCause() instanceof RuntimeException runtime
                    ? runtime
                    : new IllegalStateException(describe(e.getCause()), e.getCause());
        } catch (final TimeoutException e) {
            throw new IllegalStateException("did not " + what + " within " + timeout.toMillis() + " ms", e);
        }
    }

    private static String describe(final Throwable failure) {
        final String message = failure.getMessage();
        if (failure instanceof LinkageError) {
            return failure.getClass().getSimpleName() + " " + message
                    + "; a jar is missing from the classpath, or two versions of one are on it";
        }
        return message == null || message.isBlank() ? failure.getClass().getName() : message;
    }

    /**
     * How long ago the JVM started, by its own clock. Not {@code ProcessHandle}'s start instant: on
     * Linux that is the boot time in whole seconds plus the process's start in clock ticks, which
     * made the figure up to a second larger than the time that had passed.
     */
    private static long jvmUptimeMillis() {
        return System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
    }

    private static void requireNotOnEventLoop(final String call) {
        if (Context.isOnEventLoopThread()) {
            throw new IllegalStateException(call + " blocks until the application has "
                    + (call.startsWith("stop") ? "stopped" : "started")
                    + ", and was called on an event loop, which must never block; call it from another thread,"
                    + " such as a virtual thread: Thread.startVirtualThread(app::" + call.replace("()", "") + ")");
        }
    }

    private void checkConfiguring() {
        synchronized (lock) {
            if (state != State.CONFIGURING) {
                throw new IllegalStateException("The application is already running; configure it before run()");
            }
        }
    }

    /** What exists while the application runs. */
    private static final class Running {
        final CoreConfiguration core;
        final Duration preStopDelay;
        final Vertx vertx;
        final ApplicationMetrics metrics;
        final Closeables closeables;
        /** The plugins that take part, in start order. */
        final List<Plugin> active;
        /** The plugins that have started, the last started on top. */
        final Deque<Plugin> plugins = new ArrayDeque<>();

        PluginContext context;

        Running(
                final CoreConfiguration core,
                final Duration preStopDelay,
                final Vertx vertx,
                final ApplicationMetrics metrics,
                final Closeables closeables,
                final List<Plugin> active) {
            this.core = core;
            this.preStopDelay = preStopDelay;
            this.vertx = vertx;
            this.metrics = metrics;
            this.closeables = closeables;
            this.active = active;
        }
    }
}
