package org.jzenith.messaging.inprocess;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jzenith.core.Validation;
import org.jzenith.messaging.spi.ConnectorSettings;
import org.jzenith.messaging.spi.FailureStrategy;

/**
 * The settings of the in-process channels, checked once:
 *
 * <pre>
 * messaging.channels.totals.failure-strategy=nack   # default: the sender's send fails with the failure
 * messaging.channels.totals.failure-strategy=ignore # done as it is: logged at WARN and counted
 * messaging.channels.totals.failure-strategy=fail   # the channel stops, health DOWN, the send fails
 * messaging.channels.totals.retries=2               # calls again after a failure, 100 ms doubling to 5 s
 * </pre>
 */
final class InProcessSettings {

    /** No retry, the failure back to the sender: what SmallRye does for a channel without a connector. */
    static final InProcessConnector.Policy DEFAULT = new InProcessConnector.Policy(
            FailureStrategy.DEAD_LETTER_QUEUE, 0, Duration.ofMillis(100), Duration.ofSeconds(5));

    private static final String KEY = "messaging.channels.";

    private InProcessSettings() {}

    /** The policy of each of {@code channels}, reporting bad values to {@code validation}. */
    static Map<String, InProcessConnector.Policy> of(
            final ConnectorSettings settings, final Set<String> channels, final Validation validation) {
        final Map<String, InProcessConnector.Policy> policies = new LinkedHashMap<>();
        for (final String channel : channels) {
            final ConnectorSettings.Channel set = settings.channels().get(channel);
            if (set == null) {
                continue;
            }
            FailureStrategy strategy = DEFAULT.strategy();
            if (set.failureStrategy().isPresent()) {
                final String value = set.failureStrategy().get().trim();
                switch (value) {
                    case "nack" -> strategy = FailureStrategy.DEAD_LETTER_QUEUE;
                    case "ignore" -> strategy = FailureStrategy.IGNORE;
                    case "fail" -> strategy = FailureStrategy.FAIL;
                    default ->
                        validation.reject(
                                KEY + channel + ".failure-strategy",
                                "one of nack (the default: the sender's send fails with the failure), ignore, fail"
                                        + (value.equals("dead-letter-queue")
                                                ? "; an in-process channel has no dead letters, nack hands the"
                                                        + " failure back to the sender"
                                                : ""));
                }
            }
            int retries = DEFAULT.retries();
            if (set.retries().isPresent()) {
                retries = set.retries().get();
                if (retries < 0 || retries > 100) {
                    validation.reject(KEY + channel + ".retries", "a number of retries from 0 to 100, such as 2");
                }
            }
            policies.put(
                    channel,
                    new InProcessConnector.Policy(
                            strategy, Math.max(0, retries), DEFAULT.backoff(), DEFAULT.maxBackoff()));
        }
        return policies;
    }
}
