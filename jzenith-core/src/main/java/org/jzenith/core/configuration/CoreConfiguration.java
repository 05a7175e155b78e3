package org.jzenith.core.configuration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Settings of the application itself, under {@code jzenith.}:
 *
 * <pre>
 * jzenith.event-loops=2          # default: available processors (container-aware)
 * jzenith.start-timeout=60s
 * jzenith.shutdown-timeout=10s
 * jzenith.shutdown.pre-stop-delay=5s   # default: 5s in a Kubernetes pod, else 0s
 * jzenith.health.budget=1s       # the most a /health answer takes; unset: each check's own timeout
 * jzenith.native-transport=true
 * jzenith.profile=dev            # or JZENITH_PROFILE; %dev.rest.port=9090 then applies
 * jzenith.dev-services.enabled=true              # in dev and test: start stores that are not configured
 * jzenith.dev-services.directory=target/dev-services   # where their data lives
 * </pre>
 */
@ConfigMapping(prefix = "jzenith")
public interface CoreConfiguration {

    /** Number of Vert.x event loop threads; unset means one per available processor. */
    @Range(min = 1, max = 1024)
    OptionalInt eventLoops();

    /** How long starting waits for each plugin to start. */
    @DurationRange(min = "1s")
    @WithDefault("60s")
    Duration startTimeout();

    /** How long stopping may take in all, on {@code stop()} and on SIGTERM. */
    @DurationRange(min = "0ms", max = "1h")
    @WithDefault("10s")
    Duration shutdownTimeout();

    /** How the application stops. */
    Shutdown shutdown();

    /** Use epoll/io_uring where the platform has them. */
    @WithDefault("true")
    boolean nativeTransport();

    /**
     * The active configuration profile ({@code dev}, {@code test}, {@code prod} or one's own): a
     * key written {@code %dev.rest.port} applies, in its source, only while {@code dev} is active,
     * and wins over {@code rest.port} of the same source. Unset, no profile is active.
     */
    Optional<String> profile();

    /**
     * Settings of the termination sequence, under {@code jzenith.shutdown.}. On SIGTERM (or {@code
     * stop()}) {@code /health/ready} answers 503 at once; the server goes on answering every request
     * for the pre-stop delay, so that a load balancer polling readiness takes the instance out of
     * rotation before its listener closes; then it stops accepting, requests in flight finish within
     * {@code jzenith.shutdown-timeout}, pools close and the process exits with status 0. An
     * orchestrator must wait at least the delay plus the timeout before it kills the process.
     */
    interface Shutdown {

        /**
         * How long the server keeps answering after readiness turned DOWN, before it stops
         * accepting. Unset, it is 5 s in a Kubernetes pod (the environment has {@code
         * KUBERNETES_SERVICE_HOST}): endpoints and load balancers learn of a terminating pod a
         * moment after it got SIGTERM, and requests they send meanwhile are still answered. Else
         * 0 s, so that a developer's Ctrl-C or a test's {@code stop()} is not slowed down; set it
         * to more than the health-check interval of any other load balancer in front of the
         * service (HAProxy's {@code inter}, for instance).
         */
        @DurationRange(min = "0ms", max = "10m")
        Optional<Duration> preStopDelay();
    }

    /** The stores a plugin starts itself in the {@code dev} and {@code test} profiles. */
    DevServices devServices();

    /** How health is reported. */
    Health health();

    /** Settings of the health routes, under {@code jzenith.health.}. */
    interface Health {

        /**
         * The most a health report may take: a check that has not answered by then is reported with
         * its last result (at most 30 s old; else DOWN) and goes on running, so that a report never
         * waits for a slow check, at the price of showing an outage only when the check that meets
         * it has answered. Unset, a report waits for each check up to the check's own timeout. Keep
         * it below the load balancer's check timeout (HAProxy's {@code timeout check}, a probe's
         * {@code timeoutSeconds}).
         */
        @DurationRange(min = "10ms", max = "1m")
        Optional<Duration> budget();
    }

    /**
     * Settings of the dev services, under {@code jzenith.dev-services.}: in the {@code dev} and
     * {@code test} profiles, a store plugin without a configured server starts one of its own
     * (embedded PostgreSQL, a local {@code redis-server}) on a free port. Never in other profiles.
     */
    interface DevServices {

        /** Whether store plugins start dev services in the {@code dev} and {@code test} profiles. */
        @WithDefault("true")
        boolean enabled();

        /**
         * The folder their data lives in, one folder per service; relative to the working
         * directory. In {@code dev} the data stays for the next start; in {@code test} each start
         * gets a fresh folder, deleted when the service stops.
         */
        @WithDefault("target/dev-services")
        String directory();
    }
}
