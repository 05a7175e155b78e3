package org.jzenith.test;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.util.Optional;
import java.util.Set;
import org.jzenith.core.JZenith;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthChecks;
import org.jzenith.core.health.HealthResult;

/**
 * Looks into a running application the way its HTTP endpoints would, without HTTP: a plugin's
 * readiness check as {@code /health/ready} runs it, and the status an exception would be answered
 * with.
 *
 * <pre>{@code
 * assertThat(Probes.readiness(app, "postgresql").status()).isEqualTo(HealthStatus.UP);
 * assertThat(Probes.mappedStatus(app, failure)).contains(503);
 * }</pre>
 */
public final class Probes {

    private Probes() {}

    /**
     * The result of the readiness check called {@code name}, run with all the others as {@code
     * /health/ready} runs them.
     *
     * @throws AssertionError when the application has no such check, or the checks do not answer
     */
    public static HealthResult readiness(final JZenith app, final String name) {
        return Await.result(app.instance(HealthChecks.class).check(Optional.of(HealthCheck.Kind.READINESS)))
                .checks()
                .stream()
                .filter(check -> check.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the application has no readiness check called " + name))
                .result();
    }

    /**
     * The status that the application's exception mappings give {@code failure} or its nearest
     * mapped cause; empty when none maps it.
     */
    public static Optional<Integer> mappedStatus(final JZenith app, final Throwable failure) {
        final Set<ExceptionMapping> mappings = app.injector().getInstance(Key.get(new TypeLiteral<>() {}));
        for (Throwable current = failure; current != null; current = current.getCause()) {
            final Throwable candidate = current;
            final Optional<Integer> status = mappings.stream()
                    .filter(mapping -> mapping.matches(candidate))
                    .map(ExceptionMapping::status)
                    .findFirst();
            if (status.isPresent()) {
                return status;
            }
        }
        return Optional.empty();
    }
}
