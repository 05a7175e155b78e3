package org.jzenith.maven.kubernetes;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A service's Kubernetes objects: a ConfigMap with its settings, a Deployment, a Service, a
 * PodDisruptionBudget and a HorizontalPodAutoscaler, made from its settings and the build's options.
 *
 * <pre>{@code
 * String yaml = KubernetesManifest.of(ServiceSettings.read(properties, options.settings()), options).yaml();
 * }</pre>
 *
 * <p>The termination sequence is jZenith's own: on SIGTERM readiness turns DOWN while the server keeps
 * answering for the pre-stop delay, then in-flight requests finish within the shutdown timeout. So
 * the pod has no {@code preStop} hook (which would delay SIGTERM, and add its sleep to the service's
 * delay); the manifest sets the delay in the ConfigMap and waits for both in {@code
 * terminationGracePeriodSeconds}, so that the kubelet's SIGKILL never cuts the sequence short.
 */
public final class KubernetesManifest {

    /** Where the health routes are. */
    static final String STARTED = "/health/started";

    static final String LIVE = "/health/live";
    static final String READY = "/health/ready";

    /** The delay a jZenith service takes in a pod when none is configured ({@code PreStopDelay.IN_KUBERNETES}). */
    static final Duration DEFAULT_PRE_STOP_DELAY = Duration.ofSeconds(5);

    private static final int STARTUP_PERIOD_SECONDS = 2;

    private final ServiceSettings service;
    private final ManifestOptions options;

    private KubernetesManifest(final ServiceSettings service, final ManifestOptions options) {
        this.service = service;
        this.options = options;
    }

    /** The manifest of a service with {@code service}'s settings, deployed with {@code options}. */
    public static KubernetesManifest of(final ServiceSettings service, final ManifestOptions options) {
        return new KubernetesManifest(service, options);
    }

    /** The pre-stop delay the pod runs with: the configured one, else the service's default in a pod. */
    public Duration preStopDelay() {
        return service.preStopDelay().orElse(DEFAULT_PRE_STOP_DELAY);
    }

    /** Seconds the kubelet waits after SIGTERM: delay, shutdown timeout and margin, rounded up. */
    public long terminationGracePeriodSeconds() {
        return ceilSeconds(preStopDelay().plus(service.shutdownTimeout()).plus(options.graceMargin()));
    }

    /** The objects, in the order {@code kubectl apply} should create them. */
    public List<Map<String, Object>> objects() {
        return List.of(configMap(), deployment(), serviceObject(), podDisruptionBudget(), autoscaler());
    }

    /** The objects as one YAML stream, with a header that says what the cluster must hold besides. */
    public String yaml() {
        final StringBuilder header = new StringBuilder()
                .append("# ")
                .append(options.name())
                .append(": written by jzenith-maven-plugin's kubernetes goal from the service's settings.\n")
                .append("# Apply with: kubectl apply -f ")
                .append(options.name())
                .append(".yaml\n");
        final List<String> secrets = secretEnvironmentNames();
        if (!secrets.isEmpty()) {
            header.append("# The pod reads ")
                    .append(String.join(", ", secrets))
                    .append(" from the Secret ")
                    .append(secretName())
                    .append(", which this file does not hold; create it first:\n#   kubectl create secret generic ")
                    .append(secretName());
            secrets.forEach(
                    name -> header.append(" --from-literal=").append(name).append("=..."));
            header.append('\n');
        }
        return header + Yaml.documents(objects());
    }

    private Map<String, Object> configMap() {
        final Map<String, Object> data = new TreeMap<>();
        options.settings().forEach((key, value) -> {
            if (!options.secretKeys().contains(key)) {
                data.put(SettingKeys.environmentName(key), value);
            }
        });
        // Written out, so that the grace period below and the delay the service takes are one figure.
        data.put(
                SettingKeys.environmentName("jzenith.shutdown.pre-stop-delay"),
                preStopDelay().toMillis() + "ms");
        data.put(
                SettingKeys.environmentName("jzenith.shutdown-timeout"),
                service.shutdownTimeout().toMillis() + "ms");
        final Map<String, Object> configMap = object("v1", "ConfigMap", configMapName());
        configMap.put("data", data);
        return configMap;
    }

    private Map<String, Object> deployment() {
        final Map<String, Object> container = new LinkedHashMap<>();
        container.put("name", options.name());
        container.put("image", options.image());
        container.put("ports", containerPorts());
        container.put("envFrom", List.of(Map.of("configMapRef", Map.of("name", configMapName()))));
        final List<Object> env = new ArrayList<>();
        for (final String name : secretEnvironmentNames()) {
            env.add(map("name", name, "valueFrom", Map.of("secretKeyRef", map("name", secretName(), "key", name))));
        }
        if (!env.isEmpty()) {
            container.put("env", env);
        }
        container.put("resources", resources());
        container.put("startupProbe", probe(STARTED, STARTUP_PERIOD_SECONDS, startupFailureThreshold()));
        container.put("livenessProbe", probe(LIVE, 10, 3));
        container.put("readinessProbe", probe(READY, 5, 1));
        container.put("securityContext", containerSecurity());
        container.put("volumeMounts", volumeMounts());

        final Map<String, Object> podSpec = new LinkedHashMap<>();
        podSpec.put("terminationGracePeriodSeconds", terminationGracePeriodSeconds());
        // The service calls no Kubernetes API: no token in the pod for anyone who breaks in.
        podSpec.put("automountServiceAccountToken", false);
        podSpec.put("securityContext", podSecurity());
        podSpec.put("containers", List.of(container));
        podSpec.put("volumes", volumes());

        final Map<String, Object> podMetadata = new LinkedHashMap<>();
        podMetadata.put("labels", selector());
        podMetadata.put(
                "annotations",
                map(
                        "prometheus.io/scrape",
                        "true",
                        "prometheus.io/port",
                        String.valueOf(probePort()),
                        "prometheus.io/path",
                        "/metrics"));

        final Map<String, Object> spec = new LinkedHashMap<>();
        // No replicas: the autoscaler owns the count, and an apply would otherwise reset it.
        spec.put("selector", Map.of("matchLabels", selector()));
        // One new pod ready before an old one goes: capacity never drops during a rollout.
        spec.put("strategy", map("type", "RollingUpdate", "rollingUpdate", map("maxSurge", 1, "maxUnavailable", 0)));
        spec.put("template", map("metadata", podMetadata, "spec", podSpec));
        final Map<String, Object> deployment = object("apps/v1", "Deployment", options.name());
        deployment.put("spec", spec);
        return deployment;
    }

    private List<Object> containerPorts() {
        final List<Object> ports = new ArrayList<>();
        ports.add(map("name", "http", "containerPort", service.restPort(), "protocol", "TCP"));
        service.managementPort()
                .ifPresent(port -> ports.add(map("name", "management", "containerPort", port, "protocol", "TCP")));
        return ports;
    }

    private Map<String, Object> resources() {
        final Map<String, Object> requests = map("memory", options.memory(), "cpu", options.cpuRequest());
        // Memory request = limit: the launcher sizes the heap for the limit, and a pod that may be
        // given less than it was sized for is the first one the kubelet evicts.
        final Map<String, Object> limits = map("memory", options.memory());
        options.cpuLimit().ifPresent(cpu -> limits.put("cpu", cpu));
        return map("requests", requests, "limits", limits);
    }

    private Map<String, Object> probe(final String path, final int periodSeconds, final int failureThreshold) {
        final Map<String, Object> httpGet = map("path", path, "port", probePortName());
        // The management port is plain HTTP; the API port speaks HTTPS when TLS is configured.
        if (service.managementPort().isEmpty() && service.tls()) {
            httpGet.put("scheme", "HTTPS");
        }
        return map(
                "httpGet",
                httpGet,
                "periodSeconds",
                periodSeconds,
                "timeoutSeconds",
                2,
                "failureThreshold",
                failureThreshold);
    }

    /** As long as the service itself gives its plugins to start, and a period more. */
    private int startupFailureThreshold() {
        return (int) (ceilSeconds(service.startTimeout()) / STARTUP_PERIOD_SECONDS) + 1;
    }

    private String probePortName() {
        return service.managementPort().isPresent() ? "management" : "http";
    }

    private int probePort() {
        return service.managementPort().orElse(service.restPort());
    }

    private Map<String, Object> podSecurity() {
        return map(
                "runAsNonRoot",
                true,
                "runAsUser",
                options.runAsUser(),
                "runAsGroup",
                options.runAsUser(),
                "fsGroup",
                options.runAsUser(),
                "seccompProfile",
                map("type", "RuntimeDefault"));
    }

    private Map<String, Object> containerSecurity() {
        return map(
                "runAsNonRoot",
                true,
                "allowPrivilegeEscalation",
                false,
                "readOnlyRootFilesystem",
                true,
                "privileged",
                false,
                "capabilities",
                map("drop", List.of("ALL")),
                "seccompProfile",
                map("type", "RuntimeDefault"));
    }

    // The root filesystem is read-only: the JVM's temp folder (its perf data, and multipart uploads
    // unless rest.uploads-directory says otherwise) is an emptyDir, and so is a configured uploads folder.
    private List<Object> volumeMounts() {
        final List<Object> mounts = new ArrayList<>();
        mounts.add(map("name", "tmp", "mountPath", "/tmp"));
        uploadsMount().ifPresent(path -> mounts.add(map("name", "uploads", "mountPath", path)));
        return mounts;
    }

    private List<Object> volumes() {
        final List<Object> volumes = new ArrayList<>();
        volumes.add(map("name", "tmp", "emptyDir", Map.of()));
        uploadsMount().ifPresent(path -> volumes.add(map("name", "uploads", "emptyDir", Map.of())));
        return volumes;
    }

    /** A configured uploads folder outside /tmp, which needs a volume of its own. */
    private Optional<String> uploadsMount() {
        return service.uploadsDirectory()
                .filter(path -> path.startsWith("/"))
                .filter(path -> !path.equals("/tmp") && !path.startsWith("/tmp/"));
    }

    private Map<String, Object> serviceObject() {
        final Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("type", "ClusterIP");
        spec.put("selector", selector());
        // The API only: the management port (health, metrics) stays inside the pod's network.
        spec.put(
                "ports",
                List.of(map("name", "http", "port", options.servicePort(), "targetPort", "http", "protocol", "TCP")));
        final Map<String, Object> object = object("v1", "Service", options.name());
        object.put("spec", spec);
        return object;
    }

    private Map<String, Object> podDisruptionBudget() {
        // maxUnavailable rather than minAvailable: a drain can always evict one pod, even at one replica.
        final Map<String, Object> object = object("policy/v1", "PodDisruptionBudget", options.name());
        object.put("spec", map("maxUnavailable", 1, "selector", Map.of("matchLabels", selector())));
        return object;
    }

    private Map<String, Object> autoscaler() {
        final Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("scaleTargetRef", map("apiVersion", "apps/v1", "kind", "Deployment", "name", options.name()));
        spec.put("minReplicas", options.minReplicas());
        spec.put("maxReplicas", options.maxReplicas());
        // CPU only: a JVM's memory does not fall when load does, so memory would only ever scale up.
        spec.put(
                "metrics",
                List.of(map(
                        "type",
                        "Resource",
                        "resource",
                        map(
                                "name",
                                "cpu",
                                "target",
                                map("type", "Utilization", "averageUtilization", options.cpuUtilization())))));
        final Map<String, Object> object = object("autoscaling/v2", "HorizontalPodAutoscaler", options.name());
        object.put("spec", spec);
        return object;
    }

    private List<String> secretEnvironmentNames() {
        return options.secretKeys().stream()
                .map(SettingKeys::environmentName)
                .sorted()
                .toList();
    }

    private String configMapName() {
        return options.name() + "-config";
    }

    private String secretName() {
        return options.name() + "-secrets";
    }

    private Map<String, Object> selector() {
        return map("app.kubernetes.io/name", options.name());
    }

    private Map<String, Object> object(final String apiVersion, final String kind, final String name) {
        final Map<String, Object> labels = new LinkedHashMap<>(selector());
        options.version().ifPresent(version -> labels.put("app.kubernetes.io/version", version));
        labels.put("app.kubernetes.io/managed-by", "jzenith-maven-plugin");
        final Map<String, Object> object = new LinkedHashMap<>();
        object.put("apiVersion", apiVersion);
        object.put("kind", kind);
        object.put("metadata", map("name", name, "labels", labels));
        return object;
    }

    /** An ordered, mutable map of the key-value pairs given. */
    private static Map<String, Object> map(final Object... keysAndValues) {
        final Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    private static long ceilSeconds(final Duration duration) {
        return duration.toSeconds() + (duration.toNanosPart() > 0 ? 1 : 0);
    }
}
