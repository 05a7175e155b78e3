package org.jzenith.kafka.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.store.DevServices;

/**
 * The launcher's settings and its failures, with real child JVMs on a classpath without Kafka (the
 * brokers that start are exercised by jzenith-kafka's DevServiceIT and jzenith-test's PrivateKafkaIT).
 */
class KraftBrokerTest {

    @TempDir
    Path folder;

    private KraftBroker broker(final String classpath) {
        return new KraftBroker("the test broker", classpath, folder, DevServices.freePort(), DevServices.freePort(), 5);
    }

    @Test
    void aFailedFormatSaysWhereWithTheEndOfItsLogAndLeavesTheSettings() throws IOException {
        final KraftBroker broker = broker(folder.resolve("no-kafka-here").toString());

        assertThatThrownBy(() -> broker.prepare(Duration.ofSeconds(60)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("cannot format the test broker's data in " + folder)
                .hasMessageContaining("Its log (" + folder.resolve("kafka.log") + "), the end:")
                .hasMessageContaining("kafka.tools.StorageTool");
        assertThat(Files.readAllLines(folder.resolve("server.properties")))
                .contains(
                        "process.roles=broker,controller",
                        "listeners=PLAINTEXT://127.0.0.1:" + broker.port() + ",CONTROLLER://127.0.0.1:"
                                + broker.controllerPort(),
                        "controller.quorum.bootstrap.servers=127.0.0.1:" + broker.controllerPort(),
                        "log.dirs=" + folder.resolve("data"),
                        "num.partitions=5");
        assertThat(KraftBroker.formattedIn(folder)).isFalse();
    }

    @Test
    void formattedStorageIsNotFormattedAgain() throws IOException {
        Files.createDirectories(folder.resolve("data"));
        Files.writeString(folder.resolve("data").resolve("meta.properties"), "node.id=1\n");
        final KraftBroker broker = broker(folder.resolve("no-kafka-here").toString());

        broker.prepare(Duration.ofSeconds(60)); // would fail if it ran the storage tool

        assertThat(KraftBroker.formattedIn(folder)).isTrue();
        assertThat(folder.resolve("kafka.log")).doesNotExist();
    }

    @Test
    void aBrokerThatEndsAtOnceIsReportedWithItsLog() throws InterruptedException {
        final KraftBroker broker = broker(folder.resolve("no-kafka-here").toString());
        final Process process = broker.launch();
        try {
            assertThatThrownBy(() -> broker.awaitAnswer(process, Duration.ofSeconds(60)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("the test broker did not start on 127.0.0.1:" + broker.port() + "\n")
                    .hasMessageContaining("kafka.Kafka");
        } finally {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aPortThatAcceptsButDoesNotSpeakKafkaIsNotABroker() throws IOException {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            final KraftBroker broker =
                    new KraftBroker("the test broker", "", folder, silent.getLocalPort(), DevServices.freePort(), 1);
            // the kernel completes the connection from the backlog; nothing ever answers on it
            assertThat(broker.answers()).isFalse();
        }
        assertThat(broker(folder.toString()).answers()).isFalse();
    }

    @Test
    void knowsWhetherALoaderSeesTheBroker() throws IOException {
        assertThat(KraftBroker.onClasspath(KraftBrokerTest.class.getClassLoader()))
                .isFalse();
        Files.createDirectories(folder.resolve("kafka"));
        Files.write(folder.resolve("kafka").resolve("Kafka.class"), new byte[0]);
        try (URLClassLoader withKafka =
                new URLClassLoader(new URL[] {folder.toUri().toURL()}, null)) {
            assertThat(KraftBroker.onClasspath(withKafka)).isTrue();
        }
    }
}
