package org.jzenith.rest.internal.bodies;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the file parts of multipart requests are written while a request runs. Unless {@code
 * rest.uploads-directory} names one, a folder of this application's own in the JVM's temporary
 * directory, which only the user the service runs as may enter ({@code rwx------}): a fixed folder
 * every process on the machine shares would let other users read uploads, or plant files and links
 * there. Made at start, removed with whatever is left in it at stop; a configured folder is the
 * operator's, used as it is and kept.
 *
 * <p>Made and closed by the REST plugin's lifecycle thread; {@link #path()} may be read from any.
 */
public final class UploadsDirectory implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(UploadsDirectory.class);
    private static final String PREFIX = "jzenith-uploads-";

    private final Path path;
    private final boolean own;

    private UploadsDirectory(final Path path, final boolean own) {
        this.path = path;
        this.own = own;
    }

    /** The folder {@code rest.uploads-directory} names, used as it is and never removed. */
    public static UploadsDirectory configured(final String directory) {
        return new UploadsDirectory(Path.of(directory), false);
    }

    /**
     * A new folder of this application's own under {@code java.io.tmpdir}, {@code
     * jzenith-uploads-} and a random suffix, that only this user may enter; removed by {@link #close}.
     *
     * @throws UncheckedIOException when it cannot be made (the temporary directory is not writable)
     */
    public static UploadsDirectory privateTemporary() {
        final Path parent = Path.of(System.getProperty("java.io.tmpdir"));
        try {
            return new UploadsDirectory(
                    FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                            ? Files.createTempDirectory(parent, PREFIX, ownerOnly())
                            // Windows: a new folder under the user's own temporary directory.
                            : Files.createTempDirectory(parent, PREFIX),
                    true);
        } catch (final IOException e) {
            throw new UncheckedIOException(
                    "cannot make a folder for uploads in " + parent + " (java.io.tmpdir); make it writable or set"
                            + " rest.uploads-directory",
                    e);
        }
    }

    private static FileAttribute<?> ownerOnly() {
        return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
    }

    /** The folder. */
    public Path path() {
        return path;
    }

    /** Removes the folder and what is left in it, when it is this application's own. */
    @Override
    public void close() {
        if (!own || !Files.exists(path)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(path)) {
            // Deepest first, so that each folder is empty when its turn comes.
            paths.sorted(Comparator.reverseOrder()).forEach(UploadsDirectory::delete);
        } catch (final IOException | UncheckedIOException e) {
            LOG.warn("Could not remove the uploads folder {}: {}", path, e.getMessage());
        }
    }

    private static void delete(final Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
