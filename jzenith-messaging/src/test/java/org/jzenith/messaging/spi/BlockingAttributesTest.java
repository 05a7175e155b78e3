package org.jzenith.messaging.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.reactive.messaging.annotations.Blocking;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.junit.jupiter.api.Test;

/** SmallRye's {@code @Blocking} is honoured as a thread that may block; what it asks beyond that is refused by name. */
class BlockingAttributesTest {

    private static final UnsupportedMessaging.Registration REGISTRATION = new UnsupportedMessaging.Registration(
            "TestPlugin.withConsumers(...)", "TestPlugin.withEmitter(...)", "TestPlugin.withStream(...)");

    /** Written as SmallRye's guide writes blocking consumers. */
    static class Consumers {
        @Incoming("plain")
        @Blocking
        public void plain(final String price) {}

        @Incoming("pooled")
        @Blocking("my-custom-pool")
        public void pooled(final String price) {}

        @Incoming("unordered")
        @Blocking(ordered = false)
        public void unordered(final String price) {}
    }

    private static List<String> problems() {
        return UnsupportedMessaging.of(
                        Consumers.class, true, UnsupportedMessaging.Declared.emitters(Map.of()), REGISTRATION)
                .stream()
                .map(problem -> problem.subject() + " " + problem.message())
                .toList();
    }

    @Test
    void blockingWithoutAttributesIsHonoured() {
        assertThat(problems()).noneSatisfy(problem -> assertThat(problem).startsWith("Consumers.plain "));
    }

    @Test
    void aNamedWorkerPoolIsRefusedNamingThePool() {
        assertThat(problems()).anySatisfy(problem -> assertThat(problem)
                .startsWith("Consumers.pooled has @Blocking(\"my-custom-pool\"), a named worker pool")
                .contains("remove the pool's name"));
    }

    @Test
    void unorderedIsRefusedSayingMessagesGoInOrder() {
        assertThat(problems()).anySatisfy(problem -> assertThat(problem)
                .startsWith("Consumers.unordered has @Blocking(ordered = false)")
                .contains("remove ordered = false"));
    }
}
