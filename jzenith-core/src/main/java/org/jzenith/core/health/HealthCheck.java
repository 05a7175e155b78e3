package org.jzenith.core.health;

import com.google.inject.Binder;
import com.google.inject.binder.LinkedBindingBuilder;
import com.google.inject.multibindings.Multibinder;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.Set;

/**
 * A named, asynchronous check of one thing the application depends on. A check that fails or does
 * not answer within {@link #timeout()} counts as DOWN, with the reason.
 *
 * <p>Plugins and applications contribute checks through a Guice multibinder:
 *
 * <pre>{@code
 * protected void configure() {
 *     HealthCheck.bind(binder()).to(DatabaseHealthCheck.class);
 * }
 * }</pre>
 *
 * <p>{@link #check()} is called on a Vert.x event loop and must not block.
 */
public interface HealthCheck {

    /** Whether a check says the process is alive, ready to take traffic, or done starting. */
    enum Kind {
        /** Failing means the process should be restarted. */
        LIVENESS,
        /** Failing means the process should get no traffic for now. */
        READINESS,
        /**
         * Failing means the process is still starting ({@code /health/started}): an orchestrator
         * waits for it before it asks for liveness, so a slow start is not taken for a hung process.
         */
        STARTUP
    }

    /** A short name, unique among the application's checks, such as {@code database}. */
    String name();

    /** Runs the check; a failed future is DOWN with the failure as reason. */
    Future<HealthResult> check();

    /** How long the check may take before it counts as DOWN. */
    default Duration timeout() {
        return Duration.ofSeconds(2);
    }

    /** Which kinds of health this check speaks for; readiness unless overridden. */
    default Set<Kind> kinds() {
        return Set.of(Kind.READINESS);
    }

    /**
     * Adds a check to the application's set: {@code HealthCheck.bind(binder()).to(MyCheck.class)}
     * or {@code .toInstance(check)}.
     */
    static LinkedBindingBuilder<HealthCheck> bind(final Binder binder) {
        return Multibinder.newSetBinder(binder, HealthCheck.class).addBinding();
    }
}
