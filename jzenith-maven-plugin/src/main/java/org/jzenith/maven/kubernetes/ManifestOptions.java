package org.jzenith.maven.kubernetes;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.jzenith.core.configuration.Secrets;

/**
 * What the build knows about where a service runs, beside its own settings: the plugin's parameters.
 *
 * @param name the application's name: the objects' names and the {@code app.kubernetes.io/name} label
 * @param version the {@code app.kubernetes.io/version} label; empty when it is not a valid label value
 * @param image the container image
 * @param memory the container's memory request and limit, a Kubernetes quantity such as {@code 128Mi}
 * @param cpuRequest the container's CPU request, which the autoscaler's utilisation is measured against
 * @param cpuLimit a CPU limit; empty: none (a limit throttles the event loops in bursts)
 * @param minReplicas the autoscaler's floor: two keep the service up while a node drains
 * @param maxReplicas the autoscaler's ceiling: mind {@code maxReplicas × pool size} against the database
 * @param cpuUtilization the average CPU utilisation, in percent of the request, the autoscaler aims at
 * @param servicePort the port of the Service in front of the pods
 * @param runAsUser the user (and group) id the container runs as; never 0
 * @param graceMargin added to pre-stop delay and shutdown timeout for the JVM's own exit
 * @param settings the service's settings the pod gets, by key: those with an empty value here from
 *     the Secret {@code NAME-secrets}, which every secret key (as jZenith decides) and every value
 *     carrying a password (a URL's {@code user:pw@}, {@code ?password=}) must be; the others from
 *     the ConfigMap {@code NAME-config}; {@code rest.host} is {@code 0.0.0.0} unless given
 */
public record ManifestOptions(
        String name,
        Optional<String> version,
        String image,
        String memory,
        String cpuRequest,
        Optional<String> cpuLimit,
        int minReplicas,
        int maxReplicas,
        int cpuUtilization,
        int servicePort,
        long runAsUser,
        Duration graceMargin,
        Map<String, String> settings) {

    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,53}[a-z0-9])?");
    private static final Pattern LABEL_VALUE = Pattern.compile("[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?");
    private static final Pattern QUANTITY = Pattern.compile("[0-9]+(\\.[0-9]+)?(m|k|M|G|T|Ki|Mi|Gi|Ti)?");

    public ManifestOptions {
        version = version.filter(v -> LABEL_VALUE.matcher(v).matches());
        final Map<String, String> podSettings = new TreeMap<>(settings);
        // A pod is reached on its own address, by the kubelet's probes and the Service: the
        // service listens on all of them unless told otherwise, whatever its code or file say
        // (services often keep to loopback outside a container, as the examples do in code).
        podSettings.putIfAbsent("rest.host", "0.0.0.0");
        settings = Collections.unmodifiableMap(podSettings);
        final List<String> problems = new ArrayList<>();
        if (!DNS_LABEL.matcher(name).matches()) {
            problems.add("the name \"" + name + "\" is not a Kubernetes name: lower-case letters, digits and '-',"
                    + " at most 55 characters (the ConfigMap adds -config), starting and ending with a letter or"
                    + " digit; set <name> (jzenith.kubernetes.name)");
        }
        if (image.isBlank()) {
            problems.add("no image: set <image> (jzenith.kubernetes.image) to the image the cluster pulls");
        }
        quantity("memory", memory, problems);
        quantity("cpuRequest", cpuRequest, problems);
        cpuLimit.ifPresent(limit -> quantity("cpuLimit", limit, problems));
        if (minReplicas < 1 || maxReplicas < minReplicas) {
            problems.add("minReplicas=" + minReplicas + ", maxReplicas=" + maxReplicas
                    + ": give 1 <= minReplicas <= maxReplicas");
        }
        if (cpuUtilization < 1) {
            problems.add("cpuUtilization=" + cpuUtilization + ": give a percentage of the CPU request above 0");
        }
        if (servicePort < 1 || servicePort > 65535) {
            problems.add("servicePort=" + servicePort + ": give a port from 1 to 65535");
        }
        if (runAsUser < 1) {
            problems.add("runAsUser=" + runAsUser + ": the pod runs as non-root, give a user id above 0");
        }
        settings.forEach((key, value) -> {
            final String fix = ": leave it empty (<" + key + "/>) and put its value in the Secret " + name
                    + "-secrets in the cluster, under " + SettingKeys.environmentName(key);
            if (Secrets.isSecret(key) && !value.isEmpty()) {
                problems.add("the setting " + key + " is secret and has a value in the build" + fix);
            } else if (Secrets.carriesSecret(value)) {
                // A ConfigMap is plain text to anyone who may read the namespace's configuration,
                // and the build's own files keep the value too.
                problems.add("the setting " + key + " carries a password in its value (" + Secrets.maskUrl(value)
                        + "), which the ConfigMap " + name + "-config would show in clear" + fix);
            }
        });
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
    }

    /**
     * The keys of {@link #settings} the pod takes from the Secret {@code NAME-secrets}: those given
     * empty, as every secret key must be; in key order.
     */
    public List<String> secretKeys() {
        return settings.entrySet().stream()
                .filter(setting -> setting.getValue().isEmpty())
                .map(Map.Entry::getKey)
                .toList();
    }

    private static void quantity(final String parameter, final String value, final List<String> problems) {
        if (!QUANTITY.matcher(value).matches()) {
            problems.add(parameter + "=" + value + " is not a Kubernetes quantity such as 128Mi, 1Gi, 250m or 1");
        }
    }
}
