package org.jzenith.test.services;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Finds installed programs: on the PATH, and in the system folders a non-root PATH often lacks. */
final class Programs {

    /** Where Debian and others keep administrative programs such as runuser and start-stop-daemon. */
    private static final List<String> SYSTEM_FOLDERS = List.of("/usr/local/sbin", "/usr/sbin", "/sbin");

    private Programs() {}

    /**
     * The executable {@code name}: itself when it is an absolute path, else the first match in the
     * PATH and the system folders.
     */
    static Optional<Path> find(final String name) {
        if (name.startsWith("/")) {
            final Path path = Path.of(name);
            return Files.isExecutable(path) && !Files.isDirectory(path) ? Optional.of(path) : Optional.empty();
        }
        return folders().stream()
                .map(folder -> folder.resolve(name))
                .filter(path -> Files.isExecutable(path) && !Files.isDirectory(path))
                .findFirst();
    }

    private static List<Path> folders() {
        final List<Path> folders = new ArrayList<>();
        final String path = System.getenv().getOrDefault("PATH", "");
        for (final String entry : path.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                try {
                    folders.add(Path.of(entry));
                } catch (final InvalidPathException e) {
                    // a broken PATH entry cannot hold the program
                }
            }
        }
        SYSTEM_FOLDERS.forEach(folder -> folders.add(Path.of(folder)));
        return folders;
    }
}
