package org.jzenith.rest.it.conventions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles a resource class as a build without {@code -parameters} does, so that a test can see
 * what jZenith says when parameter names are missing: the project's own classes all have them.
 */
final class CompiledWithoutNames {

    private CompiledWithoutNames() {}

    /** Compiles {@code source}, the class {@code className} of package {@code gen}, and loads it. */
    static Class<?> compile(final Path directory, final String className, final String source) {
        try {
            final Path file = Files.createDirectories(directory.resolve("gen")).resolve(className + ".java");
            Files.writeString(file, source);
            final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            final int status = javac.run(
                    null,
                    null,
                    null,
                    List.of(
                                    "-classpath",
                                    System.getProperty("java.class.path"),
                                    "-d",
                                    directory.toString(),
                                    file.toString())
                            .toArray(String[]::new));
            if (status != 0) {
                throw new IllegalStateException("javac failed on " + className);
            }
            final URLClassLoader loader = new URLClassLoader(
                    new URL[] {directory.toUri().toURL()}, CompiledWithoutNames.class.getClassLoader());
            return loader.loadClass("gen." + className);
        } catch (final MalformedURLException | ClassNotFoundException e) {
            throw new IllegalStateException(e);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
