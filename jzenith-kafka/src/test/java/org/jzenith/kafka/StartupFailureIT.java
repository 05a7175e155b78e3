package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.test.net.Ports;

/**
 * A misconfigured application stops before anything starts, with one report naming every bad key
 * and method; an unreachable broker fails the start naming kafka.bootstrap-servers. Secrets of the
 * Kafka client settings appear nowhere.
 */
class StartupFailureIT {

    private static final String JAAS_SECRET = "jaas-secret-4711";
    private static final String KEY_PASSWORD = "key-secret-0815";

    @Test
    void anUnreachableBrokerFailsTheStartNamingTheBootstrapServers() {
        final int port = Ports.free();
        final long start = System.nanoTime();

        assertThat(assertRefusesToStart(
                        JZenith.application()
                                .withPlugins(KafkaPlugin.create())
                                .withConfiguration("kafka.bootstrap-servers", "127.0.0.1:" + port)
                                .withConfiguration("kafka.connect-timeout", "1s")
                                .withConfiguration(
                                        "kafka.client.sasl.jaas.config",
                                        "org.apache.kafka.common.security.plain.PlainLoginModule required"
                                                + " username=\"app\" password=\"" + JAAS_SECRET + "\";"),
                        "kafka.bootstrap-servers",
                        JAAS_SECRET))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining(
                        "The plugin 'kafka' failed to start: cannot connect to Kafka at 127.0.0.1:" + port)
                .hasMessageContaining("check that Kafka runs and that kafka.bootstrap-servers");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(15));
    }

    @Test
    void everyBadSettingAndMethodIsReportedAtOnceWithoutItsSecrets() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(KafkaPlugin.withConsumers(
                                TestConsumers.class, BadConsumers.class, BadConsumers.Nothing.class))
                        .withConfiguration("kafka.client.enable.auto.commit", "true")
                        .withConfiguration("kafka.client.securty.protocol", "SSL")
                        .withConfiguration("kafka.client.request.timeout.ms", "soon")
                        .withConfiguration("kafka.client.ssl.key.password", KEY_PASSWORD)
                        .withConfiguration("kafka.client.sasl.jaas.config", JAAS_SECRET)
                        .withConfiguration("kafka.channels.ordres.topic", "orders")
                        .withConfiguration("kafka.channels.texts.retries", "-1")
                        .withConfiguration("kafka.channels.texts.backoff", "2h")
                        .withConfiguration("kafka.channels.orders.max-backoff", "90m")
                        .withConfiguration("kafka.channels.texts.failure-strategy", "retry")
                        .withConfiguration("kafka.channels.texts.commit-strategy", "checkpoint")
                        .withConfiguration("kafka.commit-strategy", "ignore")
                        .withConfiguration("kafka.channels.texts.max-in-flight", "0")
                        .withConfiguration("kafka.channels.texts.max-record-bytes", "12")
                        .withConfiguration("kafka.retries", "-1")
                        .withConfiguration("jzenith.shutdown-timeout", "2h"),
                "kafka.bootstrap-servers",
                JAAS_SECRET,
                KEY_PASSWORD);

        assertThat(failure)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("kafka.bootstrap-servers")
                .hasMessageContaining("kafka.group-id")
                .hasMessageContaining("kafka.retries")
                .hasMessageContaining("kafka.client.enable.auto.commit")
                .hasMessageContaining("kafka.client.enable.auto.commit (the configuration): is not valid: expected no"
                        + " such key: its setting is decided by the plugin; remove the key")
                .hasMessageContaining("kafka.client.securty.protocol (the configuration): is not valid: expected the"
                        + " name of a Kafka consumer, producer or admin client setting; did you mean"
                        + " kafka.client.security.protocol?")
                .hasMessageContaining("kafka.client.request.timeout.ms (code (withConfiguration)): \"soon\" is not"
                        + " valid: expected an int value that Kafka accepts")
                .hasMessageContaining("kafka.channels.ordres")
                .hasMessageContaining("its channels are orders, stream, texts, two")
                .hasMessageContaining("kafka.channels.texts.retries")
                .hasMessageContaining("kafka.channels.texts.backoff")
                .hasMessageContaining("kafka.channels.orders.max-backoff")
                .hasMessageContaining("a duration from 0ms to 1h")
                .hasMessageContaining("kafka.channels.texts.max-in-flight (code (withConfiguration)): \"0\" is not"
                        + " valid: expected a number from 1 to 1000000")
                .hasMessageContaining("kafka.channels.texts.max-record-bytes (code (withConfiguration)): \"12\" is"
                        + " not valid: expected a number from 1024 to 1073741824 (bytes of key, value and headers)")
                .hasMessageContaining("jzenith.shutdown-timeout")
                .hasMessageContaining("kafka.channels.texts.failure-strategy")
                .hasMessageContaining("one of dead-letter-queue, ignore, fail")
                .hasMessageContaining("kafka.channels.texts.commit-strategy")
                .hasMessageContaining("kafka.commit-strategy")
                .hasMessageContaining(
                        "one of throttled, latest (SmallRye's names; ignore and checkpoint are not built)")
                .hasMessageContaining("BadConsumers.takesTwo")
                .hasMessageContaining("takes 2 parameters")
                .hasMessageContaining("BadConsumers.streams")
                .hasMessageContaining("returns a Flowable")
                .hasMessageContaining("BadConsumers.consumesTextsAgain")
                .hasMessageContaining("consumes the channel 'texts', as TestConsumers.onText does already")
                .hasMessageContaining("Nothing")
                .hasMessageContaining("has no method annotated @Incoming");
    }

    @Test
    void whatAConsumerAsksOfReactiveMessagingThatIsNotBuiltIsRefusedInTheOneReport() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(KafkaPlugin.withConsumers(UnsupportedMembers.class)
                                .withEmitter("orders", Order.class))
                        .withConfiguration("kafka.bootstrap-servers", "127.0.0.1:1")
                        .withConfiguration("kafka.group-id", "unsupported"),
                "UnsupportedMembers");

        assertThat(failure)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("UnsupportedMembers.prices")
                .hasMessageContaining("is @Channel(\"prices\") Multi<Double>, but the channel has no stream")
                .hasMessageContaining("UnsupportedMembers.mutiny")
                .hasMessageContaining("MutinyEmitter<String>, but the channel has no emitter")
                .hasMessageContaining(
                        "UnsupportedMembers.overflowing (KafkaPlugin.withConsumers): has @OnOverflow(UNBOUNDED_BUFFER)")
                .hasMessageContaining("UnsupportedMembers.acknowledged (KafkaPlugin.withConsumers): has"
                        + " @Acknowledgment(MANUAL) but takes the payload")
                .hasMessageContaining("UnsupportedMembers.postProcessedMessage (KafkaPlugin.withConsumers): has"
                        + " @Acknowledgment(POST_PROCESSING) and takes a Message")
                .hasMessageContaining("has @Broadcast")
                .hasMessageContaining("has @Merge")
                .hasMessageContaining("UnsupportedMembers.takesUnnamedMessage")
                .hasMessageContaining("UnsupportedMembers.transformsStream")
                .hasMessageContaining("UnsupportedMembers.returnsNothing")
                .hasMessageNotContaining("UnsupportedMembers.takesMessage ")
                .hasMessageNotContaining("UnsupportedMembers.preProcessedMessage");
    }

    @Test
    void aClassGuiceMakesThatAsksForWhatIsNotBuiltFailsTheWiringNamingEachMember() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(KafkaPlugin.create().withEmitter("orders", Order.class))
                        .withModules(binder -> binder.bind(UnsupportedBean.class))
                        .withConfiguration("kafka.bootstrap-servers", "127.0.0.1:1"),
                "UnsupportedBean");

        assertThat(failure)
                .isInstanceOf(StartupException.class)
                .hasMessageContaining(
                        "UnsupportedBean.prices is @Channel(\"prices\") Multi<Double>, but the channel has no"
                                + " stream")
                .hasMessageContaining("UnsupportedBean.undeclared is @Channel(\"nobody\") Emitter<String>, but the"
                        + " channel has no emitter")
                .hasMessageContaining(
                        "UnsupportedBean.forgotten has @Incoming(\"forgotten\") but jZenith" + " would never call it")
                .hasMessageContaining("UnsupportedBean.forgotten has @Broadcast")
                .hasMessageContaining(
                        "UnsupportedBean.produces is an @Outgoing producer method that jZenith would never call");
    }
}
