package org.jzenith.rabbitmq;

import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.jzenith.core.Validation;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.store.DevServices;
import org.jzenith.rabbitmq.server.RabbitMqNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RabbitMQ server the plugin starts in the {@code dev} profile when neither {@code rabbitmq.host}
 * nor {@code rabbitmq.uri} is set: the machine's {@code rabbitmq-server} (none is bundled) as a node
 * of its own ({@link RabbitMqNode}: its own node name, free ports on {@code 127.0.0.1}, cookie), its
 * data in a new folder under {@code jzenith.dev-services.directory}, deleted when it stops. It creates
 * the user, password and virtual host the settings name (unset: {@code guest} on {@code /}), so that
 * the application connects as it would elsewhere. A watchdog ends the server should the JVM die
 * without stopping it. In every other profile the server's address stays required.
 *
 * <pre>{@code
 * // --jzenith.profile=dev, no rabbitmq.host:
 * // Dev service (dev profile): started rabbitmq-server (/usr/lib/rabbitmq/bin/rabbitmq-server) as node
 * //   jzenith-41231@localhost at 127.0.0.1:41231, its data in target/dev-services/rabbitmq-... (deleted when it stops)
 * }</pre>
 *
 * <p>The plugin holds one; it is started and stopped from the plugin's own start and stop threads.
 */
final class RabbitMqDevService {

    /** Logs under the plugin's name, as the other stores' dev services do. */
    private static final Logger LOG = LoggerFactory.getLogger(RabbitMqPlugin.class);

    private static final String PROFILE = "dev";
    private static final Duration START_WAIT = Duration.ofSeconds(90);
    private static final Duration STOP_WAIT = Duration.ofSeconds(20);

    private final AtomicReference<Optional<Running>> running = new AtomicReference<>(Optional.empty());

    /**
     * The dev services' settings when the dev service applies: the {@code dev} profile, dev services
     * enabled, and no server named.
     */
    static Optional<DevServices> wanted(final CoreConfiguration core, final RabbitMqConfiguration configuration) {
        if (named(configuration)) {
            return Optional.empty();
        }
        return DevServices.of(core).filter(services -> services.profile().equals(PROFILE));
    }

    private static boolean named(final RabbitMqConfiguration configuration) {
        return configuration.host().filter(value -> !value.isBlank()).isPresent()
                || configuration.uri().filter(value -> !value.isBlank()).isPresent();
    }

    /**
     * Reports a missing server address: required unless the dev service applies, which then needs
     * {@code rabbitmq-server} installed.
     */
    static void validate(final Validation validation, final RabbitMqConfiguration configuration) {
        if (named(configuration)) {
            return;
        }
        final Optional<DevServices> dev =
                validation.configuration(CoreConfiguration.class).flatMap(core -> wanted(core, configuration));
        if (dev.isEmpty()) {
            validation.reject(
                    "rabbitmq.host",
                    "the RabbitMQ server to connect to, such as rabbit.internal (or set rabbitmq.uri)");
        } else if (RabbitMqNode.installed().isEmpty()) {
            validation.reject("rabbitmq.host", missingServer());
        }
    }

    /** What is wrong when no {@code rabbitmq-server} is installed, for the start-up report. */
    static String missingServer() {
        return "the RabbitMQ server to connect to, such as rabbit.internal: in the dev profile without one the plugin"
                + " starts a local rabbitmq-server, and none is installed (looked in /usr/lib/rabbitmq/bin, on the"
                + " PATH and in /usr/sbin). Install it: " + RabbitMqNode.installAdvice() + "; or set rabbitmq.host"
                + " (or rabbitmq.uri), or jzenith.dev-services.enabled=false";
    }

    /**
     * Starts the server when the dev service applies and returns it once it answers AMQP; blocks.
     * Empty where it does not apply.
     */
    Optional<Running> start(final CoreConfiguration core, final RabbitMqConfiguration configuration) {
        final Optional<DevServices> services = wanted(core, configuration);
        if (services.isEmpty()) {
            return Optional.empty();
        }
        final Path server = RabbitMqNode.installed()
                .orElseThrow(() -> new IllegalStateException("rabbitmq.host is not set: expected " + missingServer()));
        final Path folder = newFolder(services.get());
        final int port = DevServices.freePort();
        int distribution = DevServices.freePort();
        while (distribution == port) {
            distribution = DevServices.freePort();
        }
        final RabbitMqNode node = RabbitMqNode.of("the RabbitMQ dev service", server, folder, port, distribution)
                .withAccount(new RabbitMqNode.Account(
                        configuration.username().orElse("guest"),
                        configuration.password().orElse("guest"),
                        configuration.virtualHost()));
        final Running started;
        try {
            node.prepare();
            final Process process = node.launch();
            started = new Running(node, process, DevServices.watch(process.pid(), "TERM"));
        } catch (final RuntimeException e) {
            DevServices.delete(folder);
            throw e;
        }
        running.set(Optional.of(started));
        try {
            node.awaitAnswer(started.process(), START_WAIT);
        } catch (final IllegalStateException e) {
            stop();
            throw e;
        }
        LOG.info(
                "Dev service ({} profile): started {}, its data in {} (deleted when it stops)",
                PROFILE,
                started.describe(),
                folder);
        return Optional.of(started);
    }

    /** Stops the server, if one runs, returns once it has gone, and deletes its data; blocks. */
    void stop() {
        running.getAndSet(Optional.empty()).ifPresent(server -> {
            server.close();
            LOG.info("Dev service: stopped {}", server.describe());
        });
    }

    /** The server's start script while it runs, for tests that check it has gone after stop. */
    Optional<Long> pid() {
        return running.get().map(server -> server.process().pid());
    }

    private static Path newFolder(final DevServices services) {
        try {
            // A folder of its own each start: two services started side by side never share a node's files.
            return Files.createTempDirectory(Files.createDirectories(services.directory()), "rabbitmq-");
        } catch (final IOException e) {
            throw new UncheckedIOException(
                    "cannot make a folder for the RabbitMQ dev service in " + services.directory()
                            + "; set jzenith.dev-services.directory to a folder that can be written",
                    e);
        }
    }

    /**
     * The started server; {@link #close()} stops it (SIGTERM, then SIGKILL when it takes longer than
     * 20 s) and deletes its folder.
     *
     * @param node the node: its folder, ports and account
     * @param process its start script, the Erlang VM's parent
     * @param watchdog ends it should the JVM die without stopping it
     */
    record Running(RabbitMqNode node, Process process, DevServices.Watchdog watchdog) implements AutoCloseable {

        /** Points {@code factory} at this server, as the account it was started with. */
        ConnectionFactory pointed(final ConnectionFactory factory) {
            factory.setHost(RabbitMqNode.HOST);
            factory.setPort(node.port());
            factory.setVirtualHost(node.account().virtualHost());
            factory.setUsername(node.account().user());
            factory.setPassword(node.account().password());
            return factory;
        }

        /** Where it runs, for logs: {@code 127.0.0.1:41231/}. */
        String address() {
            return RabbitMqNode.HOST + ":" + node.port() + node.account().virtualHost();
        }

        String describe() {
            return "rabbitmq-server (" + node.server() + ") as node " + node.nodeName() + " at " + RabbitMqNode.HOST
                    + ":" + node.port();
        }

        @Override
        public void close() {
            try {
                if (!RabbitMqNode.end(process, true, STOP_WAIT)) {
                    LOG.warn("Dev service: {} did not end within {} after SIGKILL", describe(), STOP_WAIT);
                }
            } finally {
                watchdog.close();
                DevServices.delete(node.folder());
            }
        }
    }
}
