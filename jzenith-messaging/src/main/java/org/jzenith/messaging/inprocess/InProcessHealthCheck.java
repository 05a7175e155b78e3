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
 * {@code in-process} in {@code /health/ready}: DOWN while the in-process channels do not run, while
 * stopping waits for their messages in flight, or once one stopped under {@code failure-strategy=fail}
 * (naming it and the message); UP with the number of
 * channels otherwise. Thread-safe.
 */
final class InProcessHealthCheck implements HealthCheck {

    private final FailedChannels failed;
    private final Supplier<Optional<Integer>> running;
    private final Supplier<Optional<Long>> draining;

    InProcessHealthCheck(
            final FailedChannels failed,
            final Supplier<Optional<Integer>> running,
            final Supplier<Optional<Long>> draining) {
        this.failed = failed;
        this.running = running;
        this.draining = draining;
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
        final Optional<Long> left = draining.get();
        if (left.isPresent()) {
            return Future.succeededFuture(HealthResult.down("stopping: waiting for " + left.get()
                    + " in-process message" + (left.get() == 1 ? "" : "s") + " in flight"));
        }
        return Future.succeededFuture(running.get()
                .map(channels -> HealthResult.up(Map.of("channels", channels)))
                .orElseGet(() -> HealthResult.down("the in-process channels do not run")));
    }
}
