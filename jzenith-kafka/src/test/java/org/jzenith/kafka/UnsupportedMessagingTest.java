package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.consumer.IncomingMethod;
import org.jzenith.messaging.spi.UnsupportedMessaging;

/** Each part of Reactive Messaging jZenith does not implement is found, named, with what to do instead. */
class UnsupportedMessagingTest {

    private static final Map<String, Class<?>> EMITTERS = Map.of("orders", Order.class);

    private static List<String> problems(final boolean consumer) {
        return UnsupportedMessaging.of(
                        UnsupportedMembers.class,
                        consumer,
                        UnsupportedMessaging.Declared.emitters(EMITTERS),
                        KafkaPlugin.REGISTRATION)
                .stream()
                .map(problem -> problem.subject() + " " + problem.message())
                .toList();
    }

    @Test
    void aStreamOfAChannelWithoutADeclaredStreamIsRefusedAsAFieldOrParameter() {
        assertThat(problems(true))
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith("UnsupportedMembers.prices is @Channel(\"prices\") Multi<Double>, but the channel"
                                + " has no stream; declare it with KafkaPlugin...withStream(\"prices\", Double.class)")
                        .contains("or consume the channel with an @Incoming(\"prices\") method"))
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith("UnsupportedMembers.quotes is @Channel(\"quotes\") Publisher<String>"))
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith("UnsupportedMembers's constructor (parameter 1) is @Channel(\"ticks\")"
                                + " Flowable<Long>, but the channel has no stream"));
    }

    @Test
    void aDeclaredStreamIsInjectedAsMultiPublisherOrFlowableOfItsPayloadType() {
        final List<String> problems = UnsupportedMessaging.of(
                        UnsupportedMembers.class,
                        true,
                        new UnsupportedMessaging.Declared(
                                EMITTERS,
                                Map.of("prices", Double.class, "quotes", String.class, "ticks", Integer.class)),
                        KafkaPlugin.REGISTRATION)
                .stream()
                .map(problem -> problem.subject() + " " + problem.message())
                .toList();
        assertThat(problems)
                .noneSatisfy(problem -> assertThat(problem).startsWith("UnsupportedMembers.prices "))
                .noneSatisfy(problem -> assertThat(problem).startsWith("UnsupportedMembers.quotes "))
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith(
                                "UnsupportedMembers's constructor (parameter 1) is @Channel(\"ticks\") Flowable<Long>,"
                                        + " but the channel's stream carries Integer"));
    }

    @Test
    void aMutinyEmitterOfAChannelWithoutEmitterNamesTheDeclaration() {
        assertThat(problems(true)).anySatisfy(problem -> assertThat(problem)
                .isEqualTo("UnsupportedMembers.mutiny is @Channel(\"mutiny\") MutinyEmitter<String>, but the"
                        + " channel has no emitter; declare it with KafkaPlugin...withEmitter(\"mutiny\","
                        + " String.class)"));
    }

    @Test
    void anEmitterOfAChannelWithoutEmitterOrOfAnotherTypeOrFinalIsRefused() {
        assertThat(problems(true))
                .anySatisfy(problem -> assertThat(problem)
                        .isEqualTo("UnsupportedMembers.undeclared is @Channel(\"nobody\") Emitter<String>, but the"
                                + " channel has no emitter; declare it with KafkaPlugin...withEmitter(\"nobody\","
                                + " String.class)"))
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith("UnsupportedMembers.wrongType is @Channel(\"orders\") Emitter<String>, but the"
                                + " channel's emitter sends Order"))
                .anySatisfy(problem -> assertThat(problem).startsWith("UnsupportedMembers.fixed is a final @Channel"));
    }

    @Test
    void annotationsOfReactiveMessagingAndSmallRyeThatAreNotImplementedAreRefusedByName() {
        assertThat(problems(true))
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith("UnsupportedMembers.overflowing has @OnOverflow(UNBOUNDED_BUFFER)")
                        .contains("@OnOverflow(value = BUFFER, bufferSize = N)"))
                .noneSatisfy(problem -> assertThat(problem).contains("has @Acknowledgment"))
                .anySatisfy(problem -> assertThat(problem).startsWith("UnsupportedMembers.broadcast has @Broadcast"))
                // @Merge on an @Incoming method is honoured in-process; on a broker's channel ChannelChoice refuses it
                .noneSatisfy(problem -> assertThat(problem).startsWith("UnsupportedMembers.merged has @Merge"))
                // @NonBlocking on a method called per message is honoured: it runs on the event loop
                .noneSatisfy(problem -> assertThat(problem).startsWith("UnsupportedMembers.nonBlocking"));
    }

    @Test
    void anOutgoingProducerMethodIsCalledOnlyInAClassNamedToThePlugin() {
        assertThat(problems(true))
                .noneSatisfy(problem -> assertThat(problem).startsWith("UnsupportedMembers.produces"));
        assertThat(problems(false)).anySatisfy(problem -> assertThat(problem)
                .startsWith("UnsupportedMembers.produces is an @Outgoing producer method that jZenith would never"
                        + " call: name UnsupportedMembers in KafkaPlugin.withConsumers(...)")
                .contains("or send through an injected @Channel(\"generated\") Emitter"));
    }

    @Test
    void incomingMethodsOfAClassNotNamedAsAConsumerAreRefused() {
        assertThat(problems(false)).anySatisfy(problem -> assertThat(problem)
                .isEqualTo("UnsupportedMembers.acknowledged has @Incoming(\"acknowledged\") but jZenith would"
                        + " never call it: name UnsupportedMembers in KafkaPlugin.withConsumers(...)"));
        assertThat(problems(true)).noneSatisfy(problem -> assertThat(problem).contains("would never call it"));
    }

    @Test
    void incomingMethodsTakingAMessageOfNoNamedPayloadOrAStreamOrProcessingStreamsOrReturningNothingAreRefused() {
        final List<String> problems = IncomingMethod.find(UnsupportedMembers.class, KafkaParameters.INSTANCE).stream()
                .flatMap(found -> found.problems().stream()
                        .map(problem ->
                                IncomingMethod.describe(UnsupportedMembers.class, found.method()) + " " + problem))
                .toList();

        assertThat(problems)
                .anySatisfy(problem -> assertThat(problem)
                        .isEqualTo("UnsupportedMembers.takesUnnamedMessage takes a"
                                + " org.eclipse.microprofile.reactive.messaging.Message<?>, whose payload type is not"
                                + " named; name it, such as Message<Order>"))
                .noneSatisfy(problem -> assertThat(problem).startsWith("UnsupportedMembers.takesMessage "))
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith("UnsupportedMembers.takesStream takes a Multi, a stream of messages"))
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith("UnsupportedMembers.transformsStream returns a Multi, a stream")
                        .contains("a stream processor that takes the channel's stream too"))
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith("UnsupportedMembers.returnsNothing has @Outgoing(\"nothing-out\") but returns void,"
                                + " which yields no payload to send"));
    }

    @Test
    void acknowledgementsTheSpecForbidsForAMethodShapeAreRefusedNamingTheMethod() {
        final List<String> problems = IncomingMethod.find(UnsupportedMembers.class, KafkaParameters.INSTANCE).stream()
                .flatMap(found -> found.problems().stream()
                        .map(problem ->
                                IncomingMethod.describe(UnsupportedMembers.class, found.method()) + " " + problem))
                .toList();

        assertThat(problems)
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith("UnsupportedMembers.acknowledged has @Acknowledgment(MANUAL) but takes the payload,"
                                + " so it has no message to call ack() on")
                        .contains("take a Message<T> to acknowledge it yourself, or remove @Acknowledgment"))
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith("UnsupportedMembers.postProcessedMessage has @Acknowledgment(POST_PROCESSING) and"
                                + " takes a Message, which it acknowledges itself")
                        .contains("call message.ack() when done"))
                .noneSatisfy(problem -> assertThat(problem).startsWith("UnsupportedMembers.preProcessedMessage"))
                .noneSatisfy(problem -> assertThat(problem).startsWith("UnsupportedMembers.unacknowledgedPayload"));
    }

    @Test
    void aStreamProcessorOfKafkaRecordsIsRefusedNamingWhatToTakeInstead() {
        final List<String> problems = IncomingMethod.find(RecordStreams.class, KafkaParameters.INSTANCE).stream()
                .flatMap(found -> found.problems().stream())
                .toList();

        assertThat(problems)
                .singleElement()
                .asString()
                .startsWith("takes a stream of org.apache.kafka.clients.consumer.ConsumerRecord<java.lang.String,"
                        + " java.lang.String>, a type of the connector's")
                .contains("Message<T>");
    }

    /** A stream processor of whole records, which a stream does not carry. */
    public static class RecordStreams {
        @org.eclipse.microprofile.reactive.messaging.Incoming("records")
        @org.eclipse.microprofile.reactive.messaging.Outgoing("values")
        public io.smallrye.mutiny.Multi<String> values(
                final io.smallrye.mutiny.Multi<org.apache.kafka.clients.consumer.ConsumerRecord<String, String>>
                        records) {
            return records.map(org.apache.kafka.clients.consumer.ConsumerRecord::value);
        }
    }
}
