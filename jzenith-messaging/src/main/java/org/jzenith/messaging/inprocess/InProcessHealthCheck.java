package org.jzenith.messaging.inprocess;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;
import org.jzenith.messaging.consumer.FailedChannels;

/**
 * {@code in-process} in {@code /health/ready}: DOWN while the in-process channels do not run, or once
 * one stopped under {@code failure-strategy=fail} (naming it and the message); UP with the number of
 * channels otherwise. Thread-safe.
 */
final class InProcessHealthCheck implements HealthCheck {

    private final FailedChannels failed;
    private final Supplier<Optional<Integer>> running;

    InProcessHealthCheck(final FailedChannels failed, final Supplier<Optional<Integer>> running) {
        this.failed = failed;
        this.running = running;
    }

    @Override
    public String name() {
        return "in-process";
    }

    @Override
    public Duration timeout() {
        return Duration.ofSeconds(1);
    }

    @Override
    public Future<HealthResult> check() {
        final Optional<String> stopped = failed.describe();
        if (stopped.isPresent()) {
            return Future.succeededFuture(HealthResult.down(stopped.get()));
        }
        return Future.succeededFuture(running.get()
                .map(channels -> HealthResult.up(Map.of("channels", channels)))
                .orElseGet(() -> HealthResult.down("the in-process channels do not run")));
    }
}
