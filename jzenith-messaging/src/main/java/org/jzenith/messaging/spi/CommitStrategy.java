package org.jzenith.messaging.spi;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * When a connector tells its broker that messages are done (Kafka commits their offsets, RabbitMQ acks
 * their deliveries). Either way nothing is confirmed before it is done, so a crash delivers again what
 * was not finished and never loses it; the strategies differ in how many broker requests that costs and
 * how much comes again after a crash. Chosen per channel by the setting {@code commit-strategy}, with
 * SmallRye Reactive Messaging's names, so that every connector implements each the same way; a
 * connector tracks what is done with {@link DonePositions}:
 *
 * <ul>
 *   <li>{@code throttled} (the default): batched. Kafka commits the offsets past the contiguous done
 *       records with one commit in flight at a time, carrying everything done meanwhile; RabbitMQ acks
 *       deliveries done in order as one {@code basic.ack multiple}, held back a little while.
 *   <li>{@code latest}: each message is confirmed as soon as it and every one before it are done:
 *       Kafka commits after every record that moves the committable offset, RabbitMQ acks every
 *       delivery alone, at once. More requests, and the least delivered again after a crash.
 * </ul>
 *
 * <pre>{@code
 * kafka.channels.payments.commit-strategy=latest
 * CommitStrategy.named(value).orElseThrow()   // a setting checked at start-up: see #expected
 * }</pre>
 */
public enum CommitStrategy {
    /** Batched: fewer requests for the same guarantee; the default. */
    THROTTLED("throttled"),
    /** Each message confirmed as soon as it and every one before it are done. */
    LATEST("latest");

    private final String setting;

    CommitStrategy(final String setting) {
        this.setting = setting;
    }

    /** The strategy's name in the setting: {@code throttled}, {@code latest}. */
    public String setting() {
        return setting;
    }

    /** The strategy the setting's {@code value} names; empty for a name that is none (or not built). */
    public static Optional<CommitStrategy> named(final String value) {
        return Arrays.stream(values())
                .filter(strategy -> strategy.setting.equals(value))
                .findFirst();
    }

    /** What a setting's value must be, for its start-up problem: {@code "one of throttled, latest ..."}. */
    public static String expected() {
        return "one of " + Arrays.stream(values()).map(CommitStrategy::setting).collect(Collectors.joining(", "))
                + " (SmallRye's names; ignore and checkpoint are not built)";
    }
}
