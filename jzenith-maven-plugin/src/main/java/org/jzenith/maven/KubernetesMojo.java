package org.jzenith.maven;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.jzenith.maven.kubernetes.KubernetesManifest;
import org.jzenith.maven.kubernetes.ManifestOptions;
import org.jzenith.maven.kubernetes.ServiceSettings;

/**
 * Writes {@code target/kubernetes/NAME.yaml}: a ConfigMap with the pod's settings, a Deployment
 * (probes on the health routes, on {@code management.port} when set; memory request and limit;
 * a grace period above the service's pre-stop delay and shutdown timeout; a non-root, read-only,
 * capability-less container), a Service, a PodDisruptionBudget and a HorizontalPodAutoscaler. The
 * service's settings are read from its {@code jzenith.properties} and {@code <podSettings>}, the way it
 * reads them itself; secret ones ({@code jdbc.password}, ...) and any given empty come from the
 * Secret {@code NAME-secrets}, which the cluster holds. A value that carries a password (a {@code
 * jdbc.url} with {@code ?password=}, a {@code redis://:pw@host}) fails the build, naming the key: it
 * belongs in that Secret too.
 *
 * <pre>{@code
 * <execution><goals><goal>kubernetes</goal></goals></execution>
 * <configuration>
 *   <image>registry.example.com/user-service:1.0</image>
 *   <memory>256Mi</memory>
 *   <podSettings>
 *     <rest.host>0.0.0.0</rest.host>
 *     <postgresql.host>postgresql</postgresql.host>
 *     <postgresql.password/>          <!-- secret: from the Secret user-service-secrets -->
 *   </podSettings>
 * </configuration>
 * }</pre>
 */
@Mojo(name = "kubernetes", defaultPhase = LifecyclePhase.PACKAGE, threadSafe = true)
public final class KubernetesMojo extends AbstractMojo {

    /** The compiled classes and resources; the service's {@code jzenith.properties} is there. */
    @Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true, required = true)
    private File outputDirectory;

    @Parameter(defaultValue = "${project.build.directory}", readonly = true, required = true)
    private File buildDirectory;

    @Parameter(defaultValue = "${project.version}", readonly = true, required = true)
    private String projectVersion;

    /** The application's name: the file's and the objects' names. */
    @Parameter(property = "jzenith.kubernetes.name", defaultValue = "${project.build.finalName}")
    private String name;

    /** The image the cluster pulls; the default names no registry, set your own. */
    @Parameter(property = "jzenith.kubernetes.image", defaultValue = "${project.build.finalName}:${project.version}")
    private String image;

    /** The container's memory request and limit; the launcher sizes the JVM for it. */
    @Parameter(property = "jzenith.kubernetes.memory", defaultValue = "128Mi")
    private String memory;

    /** The container's CPU request; the autoscaler's utilisation is a share of it. */
    @Parameter(property = "jzenith.kubernetes.cpuRequest", defaultValue = "250m")
    private String cpuRequest;

    /** A CPU limit; unset: none, so that the event loops are not throttled in bursts. */
    @Parameter(property = "jzenith.kubernetes.cpuLimit")
    private String cpuLimit;

    /** The fewest pods the autoscaler keeps. */
    @Parameter(property = "jzenith.kubernetes.minReplicas", defaultValue = "2")
    private int minReplicas;

    /** The most pods the autoscaler starts; each opens its own database pool. */
    @Parameter(property = "jzenith.kubernetes.maxReplicas", defaultValue = "4")
    private int maxReplicas;

    /** The average CPU use, in percent of the request, the autoscaler aims at. */
    @Parameter(property = "jzenith.kubernetes.cpuUtilization", defaultValue = "70")
    private int cpuUtilization;

    /** The Service's port, in front of the pods' {@code rest.port}. */
    @Parameter(property = "jzenith.kubernetes.servicePort", defaultValue = "80")
    private int servicePort;

    /** The user and group id the container runs as; the image's files must be readable by it. */
    @Parameter(property = "jzenith.kubernetes.runAsUser", defaultValue = "1000")
    private long runAsUser;

    /** Seconds of the grace period beyond pre-stop delay and shutdown timeout, for the JVM's exit. */
    @Parameter(property = "jzenith.kubernetes.graceMarginSeconds", defaultValue = "5")
    private int graceMarginSeconds;

    /**
     * Settings of the service in the cluster, by key, as in {@code jzenith.properties}; they win over
     * that file, as the environment does. A key given empty comes from the Secret: secret keys must,
     * and so must any value with a password inside it.
     */
    @Parameter
    private Map<String, String> podSettings = new LinkedHashMap<>();

    /** Skips the goal. */
    @Parameter(property = "jzenith.kubernetes.skip", defaultValue = "false")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("jzenith.kubernetes.skip is set: no Kubernetes manifest");
            return;
        }
        final Map<String, String> pod = new LinkedHashMap<>();
        podSettings.forEach((key, value) -> pod.put(key.trim(), value == null ? "" : value.trim()));
        final KubernetesManifest manifest;
        try {
            final ManifestOptions options = new ManifestOptions(
                    name,
                    Optional.of(projectVersion),
                    image,
                    memory,
                    cpuRequest,
                    Optional.ofNullable(cpuLimit).filter(limit -> !limit.isBlank()),
                    minReplicas,
                    maxReplicas,
                    cpuUtilization,
                    servicePort,
                    runAsUser,
                    Duration.ofSeconds(graceMarginSeconds),
                    pod);
            manifest = KubernetesManifest.of(ServiceSettings.read(serviceProperties(), pod), options);
        } catch (final IllegalArgumentException e) {
            throw new MojoFailureException("Cannot write the Kubernetes manifest of " + name + ": " + e.getMessage());
        }
        final Path file = buildDirectory.toPath().resolve("kubernetes").resolve(name + ".yaml");
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, manifest.yaml());
        } catch (final IOException e) {
            throw new MojoExecutionException("Cannot write " + file + ": " + e, e);
        }
        getLog().info("Kubernetes manifest " + file + ": grace period " + manifest.terminationGracePeriodSeconds()
                + " s (pre-stop delay " + manifest.preStopDelay().toMillis() + " ms), memory " + memory);
    }

    /** The service's {@code jzenith.properties} as its build put it on the classpath; none is no settings. */
    private Map<String, String> serviceProperties() throws MojoExecutionException {
        final Path file = outputDirectory.toPath().resolve("jzenith.properties");
        final Map<String, String> values = new HashMap<>();
        if (!Files.isRegularFile(file)) {
            return values;
        }
        final Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in); // ISO-8859-1, as the service reads it
        } catch (final IOException | IllegalArgumentException e) {
            throw new MojoExecutionException("Cannot read " + file + ": " + e, e);
        }
        properties.stringPropertyNames().forEach(key -> values.put(key, properties.getProperty(key)));
        return values;
    }
}
