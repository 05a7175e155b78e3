package org.jzenith.test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.jzenith.core.JZenith;

/**
 * Boots the application under test on a free port, hands tests a {@link TestClient} bound to it,
 * and stops it afterwards: once per class when registered on a static field, once per test when
 * registered on an instance field.
 *
 * <pre>{@code
 * class UserServiceIT {
 *     @RegisterExtension
 *     static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
 *             .withConfiguration("user.store", "jdbc");
 *
 *     @Test
 *     void createsUsers(TestClient client) {
 *         assertThat(client.post("/users", Map.of("name", "Ada")).status()).isEqualTo(201);
 *     }
 * }
 * }</pre>
 *
 * <p>The application function receives the arguments to start with: every {@code
 * withConfiguration} override as {@code --key=value}, the highest-precedence source, so overrides
 * beat files, environment and code. When the application it builds has the REST plugin, the
 * extension adds {@code --rest.port=0} for a free port. The {@code test} profile is active (keys
 * written {@code %test.key=value} apply) unless {@code jzenith.profile} is overridden, and stopping
 * does not wait ({@code jzenith.shutdown.pre-stop-delay=0s}) unless that is overridden. An application without it (only a database
 * plugin, say) boots and stops the same, needs no {@code jzenith-rest} on the classpath, and has no
 * {@link TestClient}. Applications are started with {@link JZenith#start()}: a failure is thrown to
 * the test, never exits the JVM.
 */
public final class JZenithExtension
        implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback, ParameterResolver {

    private static final String PROFILE_KEY = "jzenith.profile";
    private static final String PRE_STOP_DELAY_KEY = "jzenith.shutdown.pre-stop-delay";

    private final Function<String[], JZenith> application;
    private final Map<String, Supplier<?>> overrides = new LinkedHashMap<>();

    private JZenith running;
    private TestClient client;
    private TestClient managementClient;
    private boolean perClass;

    private JZenithExtension(final Function<String[], JZenith> application) {
        this.application = application;
    }

    /**
     * An extension for the application that {@code application} builds from its arguments, without
     * running it: typically the service's own {@code application(String... args)} factory.
     */
    public static JZenithExtension of(final Function<String[], JZenith> application) {
        return new JZenithExtension(Objects.requireNonNull(application, "application"));
    }

    /** Overrides a configuration value for the test. */
    public JZenithExtension withConfiguration(final String key, final Object value) {
        Objects.requireNonNull(value, "value");
        overrides.put(key, () -> value);
        return this;
    }

    /** Overrides a configuration value computed when the application starts (a proxy's port, say). */
    public JZenithExtension withConfiguration(final String key, final Supplier<?> value) {
        overrides.put(key, Objects.requireNonNull(value, "value"));
        return this;
    }

    /** The running application. */
    public JZenith application() {
        if (running == null) {
            throw new IllegalStateException(
                    "The application is not running; register the extension with @RegisterExtension");
        }
        return running;
    }

    /**
     * A client bound to the running application's base URL.
     *
     * @throws IllegalStateException when the application has no REST plugin
     */
    public TestClient client() {
        final JZenith app = application();
        if (client == null) {
            client = TestClient.of(app);
        }
        return client;
    }

    /**
     * A client bound to the running application's management port ({@code management.port}), where
     * {@code /health} (with each check's details) and {@code /metrics} answer when one is set:
     *
     * <pre>{@code
     * @RegisterExtension
     * static final JZenithExtension APP = JZenithExtension.of(MyApp::application).withConfiguration("management.port", 0);
     *
     * assertThat(APP.managementClient().get("/health/ready").status()).isEqualTo(200);
     * }</pre>
     *
     * @throws IllegalStateException when the application has no management port
     */
    public TestClient managementClient() {
        final JZenith app = application();
        if (managementClient == null) {
            managementClient = TestClient.ofManagement(app);
        }
        return managementClient;
    }

    /** Starts the application (again, after {@link #stop()}); tests of restarts call this. */
    public void start() {
        if (running != null) {
            return;
        }
        final List<String> args = new ArrayList<>();
        overrides.forEach((key, value) -> args.add("--" + key + "=" + value.get()));
        final JZenith app = application.apply(args.toArray(String[]::new));
        if (!overrides.containsKey(RestSupport.PORT_KEY) && app.hasPlugin(RestSupport.PLUGIN)) {
            app.withArguments("--" + RestSupport.PORT_KEY + "=0");
        }
        if (!overrides.containsKey(PROFILE_KEY)) {
            app.withArguments("--" + PROFILE_KEY + "=test"); // %test.* keys apply under tests
        }
        if (!overrides.containsKey(PRE_STOP_DELAY_KEY)) {
            // A build that runs in a Kubernetes pod would otherwise wait 5 s at every stop.
            app.withArguments("--" + PRE_STOP_DELAY_KEY + "=0s");
        }
        running = app.start();
    }

    /** Stops the application; the next test (or {@link #start()}) starts it again. */
    public void stop() {
        if (running != null) {
            try {
                running.stop();
            } finally {
                running = null;
                client = null;
                managementClient = null;
            }
        }
    }

    @Override
    public void beforeAll(final ExtensionContext context) {
        perClass = true;
        start();
    }

    @Override
    public void beforeEach(final ExtensionContext context) {
        start();
    }

    @Override
    public void afterEach(final ExtensionContext context) {
        if (!perClass) {
            stop();
        }
    }

    @Override
    public void afterAll(final ExtensionContext context) {
        stop();
    }

    @Override
    public boolean supportsParameter(final ParameterContext parameter, final ExtensionContext context) {
        final Class<?> type = parameter.getParameter().getType();
        return type == TestClient.class || type == JZenith.class;
    }

    @Override
    public Object resolveParameter(final ParameterContext parameter, final ExtensionContext context) {
        return parameter.getParameter().getType() == TestClient.class ? client() : application();
    }
}
