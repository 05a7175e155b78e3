package org.jzenith.core.internal;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The pre-stop delay in effect: {@code jzenith.shutdown.pre-stop-delay} when set, else {@link
 * #IN_KUBERNETES} in a Kubernetes pod and none elsewhere.
 */
public final class PreStopDelay {

    /**
     * The delay a pod gets unless configured: long enough for the endpoints controller and
     * kube-proxy (or an ingress) to drop a terminating pod, which takes a second or two.
     */
    public static final Duration IN_KUBERNETES = Duration.ofSeconds(5);

    private PreStopDelay() {}

    /** The delay for {@code configured} in a process with {@code environment}. */
    public static Duration of(final Optional<Duration> configured, final Map<String, String> environment) {
        return configured.orElseGet(
                () -> environment.containsKey("KUBERNETES_SERVICE_HOST") ? IN_KUBERNETES : Duration.ZERO);
    }
}
