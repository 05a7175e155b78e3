package org.jzenith.messaging.inprocess;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.reactive.messaging.annotations.Broadcast;
import io.smallrye.reactive.messaging.annotations.Merge;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Outgoing;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.consumer.ChannelDeclarations;

class TopologyTest {

    public static class Chain {
        @Outgoing("a")
        public Flow.Publisher<String> produce() {
            return new SubmissionPublisher<>();
        }

        @Incoming("a")
        @Outgoing("b")
        @Broadcast
        public String process(final String value) {
            return value;
        }

        @Incoming("b")
        public void first(final String value) {}

        @Incoming("b")
        public void second(final String value) {}
    }

    public static class ConcatMerge {
        @Incoming("a")
        @Merge(Merge.Mode.CONCAT)
        public void all(final String value) {}
    }

    @Test
    void aChannelWithAnUpstreamAndAnIncomingMethodHasBothEnds() {
        final Topology topology =
                Topology.of(ChannelDeclarations.of(Chain.class).withEmitter("c", String.class));

        assertThat(topology.inProcess()).containsExactly("a", "b");
        assertThat(topology.bothEnds("c")).isFalse();
        assertThat(topology.consumers("b")).isEqualTo(2);
    }

    @Test
    void aBroadcastChannelMayHaveSeveralConsumers() {
        assertThat(Topology.of(ChannelDeclarations.of(Chain.class)).problems("b"))
                .isEmpty();
    }

    @Test
    void anEmitterAndAProducerMethodOfOneChannelNeedMergeNamingBothAndTheConsumer() {
        final Topology topology =
                Topology.of(ChannelDeclarations.of(Chain.class).withEmitter("a", String.class));

        assertThat(topology.problems("a"))
                .singleElement()
                .asString()
                .contains("the emitter of 'a' (withEmitter)")
                .contains("Chain.produce")
                .contains("annotate Chain.process with @Merge");
    }

    @Test
    void mergeModesOtherThanMergeAreRefused() {
        final Topology topology =
                Topology.of(ChannelDeclarations.of(ConcatMerge.class).withEmitter("a", String.class));

        assertThat(topology.problems("a"))
                .singleElement()
                .asString()
                .contains("ConcatMerge.all with @Merge(ONE) or @Merge(CONCAT)");
    }

    @Test
    void broadcastAndMergeOfAChannelAreListedForABrokersRefusal() {
        assertThat(Topology.of(ChannelDeclarations.of(Chain.class)).annotated("b"))
                .containsExactly(new Topology.Annotated("Chain.process", "@Broadcast"));
    }
}
