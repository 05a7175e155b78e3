package org.jzenith.maven;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Lays out a service's distribution: {@code bin/NAME}, the launcher, and {@code lib/}, the
 * service's jar and its runtime dependencies. The launcher is the shell body in {@code
 * launcher.sh} behind three lines naming the service, its main class and its classpath, in the
 * order given: an AOT cache only fits the classpath it was trained with, so the order is fixed at
 * build time rather than left to a wildcard.
 *
 * <p>Not thread-safe; one instance per build of one distribution.
 */
final class Distribution {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");
    private static final Pattern CLASS_NAME =
            Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*");

    /**
     * Below 192 MiB the AOT cache's file pages do not stay in memory beside a service like the example
     * user service, which then stalls (docs/deployment.md, "What the launcher picks").
     */
    static final int DEFAULT_AOT_FROM_MIB = 192;

    private final Path home;
    private final String name;

    /** A distribution of service {@code name} in folder {@code home} (made anew by {@link #build}). */
    Distribution(final Path home, final String name) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("The distribution's name \"" + name
                    + "\" may only have letters, digits, '.', '_' and '-': it names the launcher bin/" + name);
        }
        this.home = home;
        this.name = name;
    }

    Path home() {
        return home;
    }

    Path launcher() {
        return home.resolve("bin").resolve(name);
    }

    /** Where the launcher looks for the AOT cache and the training writes it. */
    Path aotCache() {
        return home.resolve("lib").resolve(name + ".aot");
    }

    /**
     * Makes the folder anew with the launcher and the jars: {@code application} first, then {@code
     * dependencies} in their order. File times are kept (the AOT cache checks them).
     */
    void build(final Path application, final List<Path> dependencies, final String mainClass) throws IOException {
        build(application, dependencies, mainClass, DEFAULT_AOT_FROM_MIB);
    }

    /**
     * As {@link #build(Path, List, String)}, with the memory limit in MiB from which the launcher uses
     * the AOT cache by itself ({@code JZENITH_AOT=auto}); below it the service starts without.
     */
    void build(final Path application, final List<Path> dependencies, final String mainClass, final int aotFromMib)
            throws IOException {
        if (aotFromMib < 0) {
            throw new IllegalArgumentException("The memory from which the AOT cache is used cannot be negative");
        }
        if (!CLASS_NAME.matcher(mainClass).matches()) {
            throw new IllegalArgumentException("\"" + mainClass + "\" is not a Java class name; set mainClass");
        }
        deleteRecursively(home);
        final Path lib = Files.createDirectories(home.resolve("lib"));
        Files.createDirectories(home.resolve("bin"));
        final List<String> classpath = new ArrayList<>();
        final Set<String> taken = new HashSet<>();
        final List<Path> jars = new ArrayList<>();
        jars.add(application);
        jars.addAll(dependencies);
        for (final Path jar : jars) {
            String file = jar.getFileName().toString();
            // Two artifacts with one file name (same artifactId and version, other groups): number the second.
            for (int i = 2; !taken.add(file); i++) {
                file = i + "-" + jar.getFileName();
            }
            if (!NAME.matcher(file).matches()) {
                throw new IllegalArgumentException("The jar " + jar + " has a file name the launcher cannot carry");
            }
            Files.copy(jar, lib.resolve(file), StandardCopyOption.COPY_ATTRIBUTES, StandardCopyOption.REPLACE_EXISTING);
            classpath.add(file);
        }
        writeLauncher(mainClass, classpath, aotFromMib);
    }

    private void writeLauncher(final String mainClass, final List<String> classpath, final int aotFromMib)
            throws IOException {
        final String header = "#!/bin/sh\n"
                + "# Starts " + name + " with JVM settings picked for the container's memory and CPUs.\n"
                + "# Made by jzenith-maven-plugin; JZENITH_LAUNCHER_DEBUG=1 says what it picks and why.\n"
                + "JZ_APP='" + name + "'\n"
                + "JZ_MAIN_CLASS='" + mainClass + "'\n"
                + "JZ_CLASSPATH='" + String.join(":", classpath) + "'\n"
                + "JZ_AOT_FROM_MIB='" + aotFromMib + "'\n";
        final Path launcher = launcher();
        Files.writeString(launcher, header + body(), StandardCharsets.UTF_8);
        try {
            Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (UnsupportedOperationException e) {
            if (!launcher.toFile().setExecutable(true, false)) {
                throw new IOException("Cannot make " + launcher + " executable", e);
            }
        }
    }

    /** The launcher's shell body, the same for every service. */
    static String body() {
        try (InputStream in = Distribution.class.getResourceAsStream("launcher.sh")) {
            if (in == null) {
                throw new IllegalStateException("launcher.sh is missing from the plugin's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Gives every file of the folder the modification time {@code time}: an image builder that sets
     * one fixed time on every file it copies (Jib: 1970-01-01T00:00:01Z) then puts the jars into
     * the image exactly as the AOT cache, trained after this, saw them.
     */
    void setFileTimes(final FileTime time) throws IOException {
        try (Stream<Path> paths = Files.walk(home)) {
            for (final Path path : paths.filter(Files::isRegularFile).toList()) {
                Files.setLastModifiedTime(path, time);
            }
        }
    }

    private static void deleteRecursively(final Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            for (final Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
