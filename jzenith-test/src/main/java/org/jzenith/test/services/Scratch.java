package org.jzenith.test.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** Folders of their own for servers that tests start: under the module's {@code target/} when there is one. */
final class Scratch {

    private Scratch() {}

    /**
     * A new, empty folder named {@code prefix...} in {@code target/} of the working directory (the
     * module's folder under Maven), or in the temporary folder where there is no {@code target/}.
     */
    static Path newFolder(final String prefix) {
        final Path target = Path.of("target").toAbsolutePath();
        final Path parent = Files.isDirectory(target) ? target : Path.of(System.getProperty("java.io.tmpdir"));
        return newFolderIn(parent, prefix);
    }

    /** A new, empty folder named {@code prefix...} in {@code parent} (readable by its owner only). */
    static Path newFolderIn(final Path parent, final String prefix) {
        try {
            return Files.createTempDirectory(parent, prefix);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot create a folder for a test server in " + parent, e);
        }
    }

    /** Deletes {@code folder} and everything in it; a folder that is gone already is fine. */
    static void delete(final Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try {
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(final Path file, final BasicFileAttributes attributes)
                        throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(final Path file, final IOException e) throws IOException {
                    if (e instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE; // a server removed it as it stopped
                    }
                    throw e;
                }

                @Override
                public FileVisitResult postVisitDirectory(final Path directory, final IOException e)
                        throws IOException {
                    Files.deleteIfExists(directory);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot delete " + folder, e);
        }
    }
}
