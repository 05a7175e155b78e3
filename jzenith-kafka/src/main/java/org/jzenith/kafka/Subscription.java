package org.jzenith.kafka;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;

/**
 * The topics a channel consumes: named ones ({@code kafka.channels.NAME.topic}, or several with
 * {@code kafka.channels.NAME.topics}), or every topic whose whole name a regular expression matches
 * ({@code kafka.channels.NAME.topic} with {@code kafka.channels.NAME.pattern=true}), topics created
 * later included, as Kafka's {@link Consumer#subscribe(Pattern, ConsumerRebalanceListener)} finds them.
 * Immutable.
 *
 * <pre>
 * kafka.channels.prices.topics=prices.eu,prices.us,prices.asia   # Topics
 * kafka.channels.quotes.topic=quotes\\..+                        # Matching
 * kafka.channels.quotes.pattern=true
 * </pre>
 */
sealed interface Subscription {

    /** The topics as logs and health name them: {@code prices.eu, prices.us} or {@code pattern quotes\..+}. */
    String describe();

    /** Subscribes {@code consumer} to these topics. */
    void subscribe(Consumer<?, ?> consumer, ConsumerRebalanceListener listener);

    /** Whether a topic of this name is consumed (matched, for a pattern). */
    boolean consumes(String topic);

    /** The one topic, where there is exactly one: the only one a channel may send to. */
    Optional<String> single();

    /** Named topics, at least one. */
    record Topics(List<String> names) implements Subscription {

        public Topics {
            names = List.copyOf(names);
            if (names.isEmpty()) {
                throw new IllegalArgumentException("a channel consumes at least one topic");
            }
        }

        @Override
        public String describe() {
            return String.join(", ", names);
        }

        @Override
        public void subscribe(final Consumer<?, ?> consumer, final ConsumerRebalanceListener listener) {
            consumer.subscribe(names, listener);
        }

        @Override
        public boolean consumes(final String topic) {
            return names.contains(topic);
        }

        @Override
        public Optional<String> single() {
            return names.size() == 1 ? Optional.of(names.getFirst()) : Optional.empty();
        }
    }

    /** Every topic whose whole name {@code pattern} matches. */
    record Matching(Pattern pattern) implements Subscription {

        @Override
        public String describe() {
            return "pattern " + pattern.pattern();
        }

        @Override
        public void subscribe(final Consumer<?, ?> consumer, final ConsumerRebalanceListener listener) {
            consumer.subscribe(pattern, listener);
        }

        @Override
        public boolean consumes(final String topic) {
            return pattern.matcher(topic).matches();
        }

        @Override
        public Optional<String> single() {
            return Optional.empty();
        }
    }
}
