package org.jzenith.messaging.spi;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What becomes of a message that failed for good: its method failed every attempt (the retries a
 * connector makes first), or it cannot be read at all. Chosen per channel by the setting {@code
 * failure-strategy}, with SmallRye Reactive Messaging's names, so that a connector implements each
 * the same way:
 *
 * <ul>
 *   <li>{@code dead-letter-queue} (the default): the message goes to the channel's dead letters, and
 *       is done once they have it; the channel goes on.
 *   <li>{@code ignore}: the message is done as it is, logged at WARN and counted; the channel goes on.
 *       For channels where a lost message costs less than a stalled one.
 *   <li>{@code fail}: the message is not done, and the channel stops consuming: what was done before
 *       it is committed, it and the messages after it are delivered again to the next consumer (after
 *       a restart); the connector's health check is DOWN, naming the channel and the message.
 * </ul>
 *
 * <pre>{@code
 * kafka.channels.payments.failure-strategy=fail
 * FailureStrategy.named(value).orElseThrow()   // a setting checked at start-up: see #problem
 * }</pre>
 */
public enum FailureStrategy {
    /** To the dead letters; the default. */
    DEAD_LETTER_QUEUE("dead-letter-queue"),
    /** Done as it is, logged and counted. */
    IGNORE("ignore"),
    /** Not done; the channel stops. */
    FAIL("fail");

    private final String setting;

    FailureStrategy(final String setting) {
        this.setting = setting;
    }

    /** The strategy's name in the setting: {@code dead-letter-queue}, {@code ignore}, {@code fail}. */
    public String setting() {
        return setting;
    }

    /** The strategy the setting's {@code value} names; empty for a name that is none. */
    public static Optional<FailureStrategy> named(final String value) {
        return Arrays.stream(values())
                .filter(strategy -> strategy.setting.equals(value))
                .findFirst();
    }

    /** What a setting's value must be, for its start-up problem: {@code "one of dead-letter-queue, ignore, fail"}. */
    public static String expected() {
        return "one of " + Arrays.stream(values()).map(FailureStrategy::setting).collect(Collectors.joining(", "))
                + " (SmallRye's names; delayed-retry-topic is not built)";
    }
}
