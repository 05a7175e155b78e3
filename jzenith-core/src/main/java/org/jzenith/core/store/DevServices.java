package org.jzenith.core.store;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.jzenith.core.configuration.CoreConfiguration;

/**
 * Where and how a store plugin starts a server of its own in the {@code dev} and {@code test}
 * profiles, when none is configured: the plugin asks {@link #of} whether dev services apply, puts
 * the server's data in {@link #folderFor}, picks a {@link #freePort()}, and has a {@link Watchdog}
 * end the server should the JVM die without stopping it (SIGKILL).
 *
 * <pre>{@code
 * Optional<DevServices> dev = DevServices.of(context.instance(CoreConfiguration.class));
 * if (dev.isPresent() && configuration.host().isEmpty()) {
 *     Path data = dev.get().folderFor("redis");          // target/dev-services/redis in dev
 *     int port = DevServices.freePort();                  // never the machine's own 6379
 *     Process server = new ProcessBuilder("redis-server", "--port", "" + port).start();
 *     DevServices.Watchdog watchdog = DevServices.watch(server.pid(), "TERM");
 *     // stop(): server.destroy(); watchdog.close();
 * }
 * }</pre>
 *
 * <p>The plugin keeps what it started, a {@link DevServer} (a child process is a {@link
 * DevProcess}), in a {@link DevServiceLifecycle}, which starts it before the plugin connects, stops it
 * when the start fails, and stops it after the plugin's clients have closed.
 *
 * <p>Dev services apply only while the active profile is {@code dev} or {@code test} and {@code
 * jzenith.dev-services.enabled} is true (the default); in every other profile, and with none, a
 * plugin connects where its configuration (or its default) says, as it always did.
 *
 * @param profile the active profile, {@code dev} or {@code test}
 * @param directory the folder the services' data lives in, {@code jzenith.dev-services.directory}
 */
public record DevServices(String profile, Path directory) {

    /** The profiles in which dev services start. */
    public static final Set<String> PROFILES = Set.of("dev", "test");

    /** Where Debian and others keep programs a non-root PATH often lacks. */
    private static final List<String> SYSTEM_FOLDERS = List.of("/usr/local/sbin", "/usr/sbin", "/sbin");

    /**
     * The dev services of an application configured by {@code configuration}: present only in the
     * {@code dev} and {@code test} profiles with {@code jzenith.dev-services.enabled}.
     */
    public static Optional<DevServices> of(final CoreConfiguration configuration) {
        if (!configuration.devServices().enabled()) {
            return Optional.empty();
        }
        return configuration
                .profile()
                .map(profile -> profile.strip().toLowerCase(Locale.ROOT))
                .filter(PROFILES::contains)
                .map(profile -> new DevServices(
                        profile,
                        Path.of(configuration.devServices().directory()).toAbsolutePath()));
    }

    /**
     * Whether the data stays for the next start: in {@code dev} (a developer's data survives a
     * restart), not in {@code test} (each run starts from nothing, as migrations expect).
     */
    public boolean keepsData() {
        return profile.equals("dev");
    }

    /**
     * The folder for {@code service}'s data, made if missing: {@code directory/service} in {@code
     * dev}, a new {@code directory/service-<random>} in {@code test} (so that test JVMs running side
     * by side do not share a server's files).
     */
    public Path folderFor(final String service) {
        final Path folder = keepsData()
                ? directory.resolve(service)
                : directory.resolve(service + "-" + UUID.randomUUID().toString().substring(0, 8));
        try {
            return Files.createDirectories(folder);
        } catch (final IOException e) {
            throw new UncheckedIOException(
                    "cannot make the folder " + folder + " for the " + service
                            + " dev service; set jzenith.dev-services.directory to a folder that can be written",
                    e);
        }
    }

    /** Deletes {@code folder} and everything in it; what cannot be deleted is left. */
    public static void delete(final Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (final IOException | UncheckedIOException e) {
            // a dev service's leftovers under target/ go with the next clean build
        }
    }

    /**
     * A port on the loopback address that was free when asked: the server is started on it right
     * away. Never a fixed port, so the machine's own servers (5432, 6379) are never touched.
     */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot find a free port on the loopback address", e);
        }
    }

    /** The executable {@code name}, looked for on the PATH and in the system folders. */
    public static Optional<Path> program(final String name) {
        final List<Path> folders = new ArrayList<>();
        for (final String entry : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                try {
                    folders.add(Path.of(entry));
                } catch (final InvalidPathException e) {
                    // a broken PATH entry cannot hold the program
                }
            }
        }
        SYSTEM_FOLDERS.forEach(folder -> folders.add(Path.of(folder)));
        return folders.stream()
                .map(folder -> folder.resolve(name))
                .filter(path -> Files.isExecutable(path) && !Files.isDirectory(path))
                .findFirst();
    }

    /**
     * Starts a watchdog that sends {@code signal} (such as {@code TERM}) to the process {@code pid}
     * once this JVM has gone without stopping it: the JVM's shutdown hooks stop dev services on
     * SIGTERM and SIGINT, but nothing in the JVM runs on SIGKILL or a crash. The watchdog is a
     * {@code sh} loop in a session of its own (so a Ctrl-C meant for the JVM does not end it first),
     * checking once a second; it ends by itself when the process is gone.
     *
     * @throws UncheckedIOException when {@code sh} cannot be started
     */
    public static Watchdog watch(final long pid, final String signal) {
        final List<String> command = new ArrayList<>();
        program("setsid").ifPresent(setsid -> command.add(setsid.toString()));
        command.addAll(List.of(
                "sh",
                "-c",
                "while kill -0 \"$0\" 2>/dev/null && kill -0 \"$1\" 2>/dev/null; do sleep 1; done;"
                        + " kill -0 \"$0\" 2>/dev/null || kill -s \"$2\" \"$1\" 2>/dev/null",
                Long.toString(ProcessHandle.current().pid()),
                Long.toString(pid),
                signal));
        try {
            final Process process = new ProcessBuilder(command)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return new Watchdog(process);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot start the watchdog of the dev service (process " + pid + ")", e);
        }
    }

    /**
     * The watchdog of one dev service's process; {@link #close()} ends it once the service was
     * stopped in order.
     *
     * @param process the watchdog's own process
     */
    public record Watchdog(Process process) implements AutoCloseable {

        /** Ends the watchdog, leaving the service's process alone. */
        @Override
        public void close() {
            process.destroy();
        }
    }
}
