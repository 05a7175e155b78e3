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

    public static class TwoProducers {
        @Outgoing("a")
        public Flow.Publisher<String> first() {
            return new SubmissionPublisher<>();
        }

        @Outgoing("a")
        public Flow.Publisher<String> second() {
            return new SubmissionPublisher<>();
        }
    }

    public static class ProcessorToA {
        @Incoming("z")
        @Outgoing("a")
        public String process(final String value) {
            return value;
        }
    }

    public static class OneMerge {
        @Incoming("a")
        @Merge(Merge.Mode.ONE)
        public void first(final String value) {}
    }

    public static class PlainA {
        @Incoming("a")
        public void plain(final String value) {}
    }

    @Test
    void concatOfProducerMethodsRunsInTurnsAndSoDoesOne() {
        assertThat(Topology.of(ChannelDeclarations.of(TwoProducers.class, ConcatMerge.class))
                        .problems("a"))
                .isEmpty();
        assertThat(Topology.of(ChannelDeclarations.of(TwoProducers.class, ConcatMerge.class))
                        .mode("a"))
                .isEqualTo(Merge.Mode.CONCAT);
        assertThat(Topology.of(ChannelDeclarations.of(TwoProducers.class, OneMerge.class))
                        .mode("a"))
                .isEqualTo(Merge.Mode.ONE);
    }

    @Test
    void aSingleUpstreamNeedsNoTurnsWhateverTheMode() {
        final Topology topology =
                Topology.of(ChannelDeclarations.of(ConcatMerge.class).withEmitter("a", String.class));

        assertThat(topology.problems("a")).isEmpty();
        assertThat(topology.mode("a")).isEqualTo(Merge.Mode.MERGE);
    }

    @Test
    void concatOrOneWithAnEmitterOrAProcessorAmongTheUpstreamsIsRefusedNamingThem() {
        assertThat(Topology.of(ChannelDeclarations.of(TwoProducers.class, ConcatMerge.class)
                                .withEmitter("a", String.class))
                        .problems("a"))
                .singleElement()
                .asString()
                .contains("ConcatMerge.all with @Merge(CONCAT)")
                .contains("the emitter of 'a' (withEmitter) never completes")
                .contains("use @Merge");
        assertThat(Topology.of(ChannelDeclarations.of(TwoProducers.class, ProcessorToA.class, OneMerge.class))
                        .problems("a"))
                .singleElement()
                .asString()
                .contains("OneMerge.first with @Merge(ONE)")
                .contains("ProcessorToA.process never completes");
    }

    @Test
    void oneWithAnotherConsumerOfTheChannelIsRefused() {
        assertThat(Topology.of(ChannelDeclarations.of(TwoProducers.class, OneMerge.class, PlainA.class))
                        .problems("a"))
                .anySatisfy(problem ->
                        assertThat(problem).contains("OneMerge.first with @Merge(ONE) and by PlainA.plain too"));
    }

    @Test
    void anEmitterOfAChannelWithTwoConsumersIsLeftToItsInjectionPoint() {
        assertThat(Topology.of(ChannelDeclarations.of(PlainA.class, OneMerge.class)
                                .withEmitter("a", String.class))
                        .problems("a"))
                .isEmpty();
    }

    @Test
    void broadcastAndMergeOfAChannelAreListedForABrokersRefusal() {
        assertThat(Topology.of(ChannelDeclarations.of(Chain.class)).annotated("b"))
                .containsExactly(new Topology.Annotated("Chain.process", "@Broadcast"));
    }
}
