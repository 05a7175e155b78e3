package org.jzenith.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A distribution of a service named {@code app} with empty jars, a fake JDK whose {@code java}
 * never runs (the launcher is started with {@code JZENITH_LAUNCHER_DRY_RUN=1}), and a fake
 * {@code /proc} and {@code /sys/fs/cgroup} under {@code JZENITH_LAUNCHER_ROOT}, so that a test
 * decides which limits the launcher finds.
 */
final class FakeMachine {

    final Path root;
    final Path home;
    final Path jdk;
    final Path cgroupRoot;
    final Map<String, String> environment = new HashMap<>();

    FakeMachine(final Path root) throws IOException {
        this(root, root.resolve("dist").resolve("app"));
    }

    FakeMachine(final Path root, final Path home) throws IOException {
        this(root, home, Distribution.DEFAULT_AOT_FROM_MIB);
    }

    /** A machine whose distribution uses the AOT cache by itself from {@code aotFromMib}. */
    FakeMachine(final Path root, final int aotFromMib) throws IOException {
        this(root, root.resolve("dist").resolve("app"), aotFromMib);
    }

    private FakeMachine(final Path root, final Path home, final int aotFromMib) throws IOException {
        this.root = root;
        this.home = home;
        this.jdk = fakeJdk(root.resolve("jdk"), "25.0.3");
        this.cgroupRoot = Files.createDirectories(root.resolve("machine"));
        final Path jars = Files.createDirectories(root.resolve("jars"));
        final Path app = Files.writeString(jars.resolve("app.jar"), "app");
        final Path b = Files.writeString(jars.resolve("b-1.0.jar"), "b");
        final Path a = Files.writeString(jars.resolve("a-2.0.jar"), "a");
        new Distribution(home, "app").build(app, List.of(b, a), "com.example.Main", aotFromMib);
        file("proc/self/cgroup", "0::/\n");
        file("proc/self/mountinfo", "");
        environment.put("JAVA_HOME", jdk.toString());
        environment.put("JZENITH_LAUNCHER_ROOT", cgroupRoot.toString());
        environment.put("JZENITH_LAUNCHER_DRY_RUN", "1");
    }

    static Path fakeJdk(final Path folder, final String version) throws IOException {
        final Path java = Files.createDirectories(folder.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\necho 'this fake java must not run' >&2\nexit 3\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(folder.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
        return folder;
    }

    /** Writes a file of the fake machine, e.g. {@code sys/fs/cgroup/memory.max}. */
    FakeMachine file(final String path, final String content) throws IOException {
        final Path file = cgroupRoot.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        return this;
    }

    /** A mountinfo line for a cgroup2 mount or a v1 hierarchy with the given super options. */
    static String mount(final String root, final String mountPoint, final String type, final String superOptions) {
        return "30 23 0:26 " + root + " " + mountPoint + " rw,nosuid,nodev,noexec,relatime shared:4 - " + type + " "
                + type + " " + superOptions + "\n";
    }

    FakeMachine env(final String name, final String value) {
        environment.put(name, value);
        return this;
    }

    Run run(final String... arguments) throws IOException, InterruptedException {
        return runWith(List.of("/bin/sh", home.resolve("bin/app").toString()), arguments);
    }

    Run runWith(final List<String> shell, final String... arguments) throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>(shell);
        command.addAll(List.of(arguments));
        final ProcessBuilder builder = new ProcessBuilder(command);
        final Map<String, String> env = builder.environment();
        env.keySet().removeIf(key -> key.startsWith("JZENITH_") || key.equals("JAVA_OPTS") || key.equals("JAVA_HOME"));
        env.putAll(environment);
        final Path out = Files.createTempFile(root, "out", ".txt");
        final Path err = Files.createTempFile(root, "err", ".txt");
        final Process process =
                builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("The launcher did not finish: " + command);
        }
        return new Run(
                process.exitValue(),
                Files.readAllLines(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    /** What a dry run printed: the java command, one argument per line. */
    record Run(int exit, List<String> command, String stderr) {

        /** The JVM's flags: what comes before {@code -cp}. */
        List<String> flags() {
            final int cp = command.indexOf("-cp");
            return cp < 0 ? List.of() : command.subList(1, cp);
        }

        String classpath() {
            return command.get(command.indexOf("-cp") + 1);
        }

        /** What follows the main class. */
        List<String> applicationArguments() {
            final int cp = command.indexOf("-cp");
            return command.subList(cp + 3, command.size());
        }
    }
}
