package org.jzenith.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarFile;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Builds {@code target/NAME/}: {@code bin/NAME}, a launcher that picks the JVM's settings for the
 * container's memory and CPU limits; {@code lib/}, the service's jar and its runtime dependencies;
 * and {@code lib/NAME.aot}, a JDK 25 AOT cache trained by starting the service through that
 * launcher and sending it the {@code trainingRequests}.
 *
 * <pre>{@code
 * <plugin>
 *   <groupId>org.jzenith</groupId>
 *   <artifactId>jzenith-maven-plugin</artifactId>
 *   <executions><execution><goals><goal>distribution</goal></goals></execution></executions>
 *   <configuration>
 *     <trainingRequests>
 *       <trainingRequest><method>POST</method><path>/users</path><body>{"name":"Ada"}</body></trainingRequest>
 *       <trainingRequest><path>/users</path></trainingRequest>
 *     </trainingRequests>
 *   </configuration>
 * </plugin>
 * }</pre>
 */
@Mojo(
        name = "distribution",
        defaultPhase = LifecyclePhase.PACKAGE,
        requiresDependencyResolution = ResolutionScope.RUNTIME,
        threadSafe = true)
public final class DistributionMojo extends AbstractMojo {

    private static final Set<String> RUNTIME_SCOPES =
            Set.of(Artifact.SCOPE_COMPILE, Artifact.SCOPE_RUNTIME, Artifact.SCOPE_SYSTEM);

    /** The project's own artifact; its file is the jar maven-jar-plugin made. */
    @Parameter(defaultValue = "${project.artifact}", readonly = true, required = true)
    private Artifact artifact;

    /** The project's resolved dependencies, in classpath order. */
    @Parameter(defaultValue = "${project.artifacts}", readonly = true, required = true)
    private Set<Artifact> artifacts;

    @Parameter(defaultValue = "${project.build.directory}", readonly = true, required = true)
    private File buildDirectory;

    /** The distribution's name: its folder {@code target/NAME} and its launcher {@code bin/NAME}. */
    @Parameter(property = "jzenith.distribution.name", defaultValue = "${project.build.finalName}")
    private String name;

    /** The class whose {@code main} starts the service; unset: the {@code Main-Class} of the jar's manifest. */
    @Parameter(property = "jzenith.mainClass")
    private String mainClass;

    /** Skips the whole goal. */
    @Parameter(property = "jzenith.distribution.skip", defaultValue = "false")
    private boolean skip;

    /** Skips AOT training: the distribution then starts without an AOT cache (about twice as slowly). */
    @Parameter(property = "jzenith.aot.skip", defaultValue = "false")
    private boolean skipAot;

    /**
     * Requests sent to the service during training, after its health endpoints; each must succeed
     * (status below 400). Pick those that run the code paths a real start-up and first requests take.
     */
    @Parameter
    private List<TrainingRequest> trainingRequests = new ArrayList<>();

    /**
     * Arguments for the service during training, after {@code --rest.port=FREE_PORT}; for example
     * an embedded database under {@code target/}.
     */
    @Parameter
    private List<String> trainingArguments = new ArrayList<>();

    /** How many times every training request is sent. */
    @Parameter(property = "jzenith.aot.repetitions", defaultValue = "10")
    private int trainingRepetitions;

    /**
     * The memory limit the launcher sizes the training run for, as if in a container of that size
     * (JZENITH_MEMORY_LIMIT); empty: the build machine's. The JVM accepts a cache trained under
     * other heap sizes and collectors, so this only keeps training the same on every machine.
     */
    @Parameter(property = "jzenith.aot.memory", defaultValue = "512m")
    private String trainingMemory;

    /**
     * The Java that trains the AOT cache; empty: the one running Maven. The JVM only accepts a cache
     * trained by the same Java runtime image, so for a container image this is the image's own Java
     * (for the base image of {@code scripts/base-image.sh}: its {@code rootfs/opt/java/openjdk}).
     */
    @Parameter(property = "jzenith.aot.javaHome")
    private File trainingJavaHome;

    /**
     * A modification time (ISO-8601, e.g. {@code 1970-01-01T00:00:01Z}) given to every file of the
     * distribution before training; empty: the files keep their own. The JVM refuses an AOT cache
     * when a jar's time differs from training, and Jib sets one fixed time on every file of an
     * image: set both to the same time and the image keeps its cache.
     */
    @Parameter(property = "jzenith.distribution.fileTime")
    private String fileTime;

    /**
     * The memory limit from which the launcher uses the AOT cache by itself, in MiB ({@code 192},
     * the default) or with a unit ({@code 128m}, {@code 1g}); {@code 0}: at every limit. Below 192
     * MiB the cache's pages compete with the heap for the limit, and a service like the example user
     * service stalls; a service with many more classes (a Kafka consumer: kafka-clients alone is
     * 1,800) is instead killed without the cache, whose class metadata it then builds itself, and
     * should set {@code 128m} (measured: benchmarks/KAFKA.md).
     */
    @Parameter(property = "jzenith.aot.fromMemory", defaultValue = "192m")
    private String aotFromMemory;

    /** How long the service may take to answer {@code /health/live} during training. */
    @Parameter(property = "jzenith.aot.startTimeout", defaultValue = "120")
    private int trainingStartTimeoutSeconds;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("jzenith.distribution.skip is set: no distribution");
            return;
        }
        final int aotFromMib = MemorySize.mebibytes(aotFromMemory)
                .orElseThrow(() -> new MojoExecutionException("jzenith.aot.fromMemory \"" + aotFromMemory
                        + "\" is not a memory size: write MiB (192) or with a unit (128m, 1g)"));
        final File jar = artifact.getFile();
        if (jar == null || !jar.isFile() || !jar.getName().endsWith(".jar")) {
            throw new MojoExecutionException("The distribution needs the project's jar, and there is none yet (" + jar
                    + "). Bind the goal to the package phase (its default), after maven-jar-plugin.");
        }
        final List<Path> dependencies = new ArrayList<>();
        for (final Artifact dependency : artifacts) {
            if (RUNTIME_SCOPES.contains(dependency.getScope())
                    && dependency.getArtifactHandler().isAddedToClasspath()
                    && dependency.getFile() != null) {
                dependencies.add(dependency.getFile().toPath());
            }
        }
        final Path target = buildDirectory.toPath();
        final Distribution distribution = new Distribution(target.resolve(name), name);
        final Optional<FileTime> time = fileTime();
        try {
            distribution.build(jar.toPath(), dependencies, mainClass(jar), aotFromMib);
            if (time.isPresent()) {
                distribution.setFileTimes(time.get());
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new MojoExecutionException("Cannot build the distribution " + distribution.home() + ": " + e, e);
        }
        getLog().info("Distribution " + distribution.home() + ": bin/" + name + ", lib/ with "
                + (dependencies.size() + 1) + " jars");
        if (skipAot) {
            getLog().info("jzenith.aot.skip is set: no AOT cache; " + name + " starts without one");
            return;
        }
        final AotTrainer trainer = new AotTrainer(
                        distribution, target.resolve(name + "-aot-training.log"), getLog()::info)
                .repetitions(trainingRepetitions)
                .memoryLimit(trainingMemory)
                .startTimeout(Duration.ofSeconds(trainingStartTimeoutSeconds));
        if (trainingJavaHome != null && !trainingJavaHome.getPath().isBlank()) {
            if (!new File(trainingJavaHome, "bin/java").canExecute()) {
                throw new MojoExecutionException("jzenith.aot.javaHome=" + trainingJavaHome
                        + " has no bin/java; name the Java the service runs on (an image's: where its runtime"
                        + " lies unpacked, e.g. target/base-image/rootfs/opt/java/openjdk from scripts/base-image.sh)");
            }
            trainer.javaHome(trainingJavaHome.toPath());
            getLog().info("AOT training with the Java at " + trainingJavaHome);
        }
        try {
            trainer.train(trainingRequests, trainingArguments);
        } catch (AotTrainer.TrainingException e) {
            throw new MojoFailureException(e.getMessage(), e);
        } catch (IOException e) {
            throw new MojoExecutionException("AOT training of " + name + " could not run: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("AOT training of " + name + " was interrupted", e);
        }
    }

    /** The fixed file time for the distribution's files; empty: they keep theirs. */
    private Optional<FileTime> fileTime() throws MojoExecutionException {
        if (fileTime == null || fileTime.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(FileTime.from(Instant.parse(fileTime.trim())));
        } catch (DateTimeParseException e) {
            throw new MojoExecutionException(
                    "jzenith.distribution.fileTime=" + fileTime
                            + " is not an ISO-8601 instant; write it as 1970-01-01T00:00:01Z (Jib's default file time)",
                    e);
        }
    }

    private String mainClass(final File jar) throws MojoExecutionException {
        if (mainClass != null && !mainClass.isBlank()) {
            return mainClass.trim();
        }
        try (JarFile file = new JarFile(jar)) {
            final String fromManifest = file.getManifest() == null
                    ? null
                    : file.getManifest().getMainAttributes().getValue("Main-Class");
            if (fromManifest == null || fromManifest.isBlank()) {
                throw new MojoExecutionException("No main class: set <mainClass> in jzenith-maven-plugin's"
                        + " configuration, or Main-Class in the jar's manifest (maven-jar-plugin <mainClass>).");
            }
            return fromManifest.trim();
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot read the manifest of " + jar + ": " + e, e);
        }
    }
}
