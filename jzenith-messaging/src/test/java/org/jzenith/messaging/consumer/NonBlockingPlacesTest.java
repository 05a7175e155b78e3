package org.jzenith.messaging.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Multi;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Outgoing;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.Idempotent;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.spi.UnsupportedMessaging;

/**
 * {@code @NonBlocking} is honoured where a method is called once per message, and fails start-up, naming
 * the method, where it cannot be: a stream processor and a producer (called once, at start-up), an
 * {@code @Idempotent} method (the inbox's transaction blocks), and on a class that has either.
 */
class NonBlockingPlacesTest {

    /** Where @NonBlocking works and where it cannot. */
    public static class Places {
        @Incoming("per-message")
        @NonBlocking
        public void perMessage(final String payload) {}

        @Incoming("words")
        @Outgoing("shouts")
        @NonBlocking
        public Multi<String> stream(final Multi<String> words) {
            return words.map(String::toUpperCase);
        }

        @Incoming("once")
        @Idempotent
        @NonBlocking
        public void once(final String payload) {}

        @Outgoing("ticks")
        @NonBlocking
        public Multi<String> ticks() {
            return Multi.createFrom().empty();
        }
    }

    /** @NonBlocking on a class that produces: refused on the producer, honoured on its consumer. */
    @NonBlocking
    public static class NonBlockingClass {
        @Incoming("in")
        public void consume(final String payload) {}

        @Outgoing("out")
        public Multi<String> produce() {
            return Multi.createFrom().empty();
        }
    }

    private static final UnsupportedMessaging.Registration REGISTRATION = new UnsupportedMessaging.Registration(
            "TestPlugin.withConsumers(...)", "TestPlugin...withEmitter", "TestPlugin...withStream");

    private static List<String> problems(final Class<?> type, final String channel) {
        return IncomingMethod.find(type, NativeParameters.NONE).stream()
                .filter(found -> found.channel().equals(channel))
                .findFirst()
                .orElseThrow()
                .problems();
    }

    private static List<String> unsupported(final Class<?> type) {
        return UnsupportedMessaging.of(type, true, UnsupportedMessaging.Declared.emitters(Map.of()), REGISTRATION)
                .stream()
                .map(problem -> problem.subject() + " " + problem.message())
                .toList();
    }

    @Test
    void onAMethodCalledPerMessageItIsHonoured() {
        assertThat(problems(Places.class, "per-message")).isEmpty();
        assertThat(unsupported(Places.class))
                .noneSatisfy(problem -> assertThat(problem).startsWith("Places.perMessage"));
        assertThat(problems(NonBlockingClass.class, "in")).isEmpty();
    }

    @Test
    void onAStreamProcessorItFailsStartUp() {
        assertThat(problems(Places.class, "words")).anySatisfy(problem -> assertThat(problem)
                .startsWith("is @NonBlocking (on the method or its class) but transforms a stream"));
    }

    @Test
    void onAnIdempotentMethodItFailsStartUp() {
        assertThat(problems(Places.class, "once")).anySatisfy(problem -> assertThat(problem)
                .startsWith("is @Idempotent and @NonBlocking (on the method or its class): the inbox's"
                        + " transaction blocks"));
    }

    @Test
    void onAProducerOrAClassWithOneItFailsStartUp() {
        assertThat(unsupported(Places.class)).anySatisfy(problem -> assertThat(problem)
                .startsWith("Places.ticks is an @Outgoing producer method with @NonBlocking"));
        assertThat(unsupported(NonBlockingClass.class))
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith("NonBlockingClass.produce is an @Outgoing producer method with @NonBlocking"))
                .noneSatisfy(problem -> assertThat(problem).startsWith("NonBlockingClass.consume"))
                .noneSatisfy(problem -> assertThat(problem).startsWith("NonBlockingClass has"));
    }
}
