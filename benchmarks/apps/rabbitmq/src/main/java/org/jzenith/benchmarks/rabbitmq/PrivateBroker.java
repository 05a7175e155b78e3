package org.jzenith.benchmarks.rabbitmq;

import java.nio.file.Path;
import java.time.Duration;
import org.jzenith.rabbitmq.server.RabbitMqNode;

/**
 * A RabbitMQ node of the benchmark's own, from the machine's {@code rabbitmq-server}
 * ({@link RabbitMqNode}: its own node name, ports and folder, guest/guest), for a machine where none
 * answers: prints {@code ready} once it answers AMQP, and runs until this JVM is stopped (SIGTERM),
 * which stops the node in order.
 */
final class PrivateBroker {

    private PrivateBroker() {}

    static void run(final int port, final int distributionPort, final Path folder) throws InterruptedException {
        final Path server = RabbitMqNode.installed()
                .orElseThrow(() -> new IllegalStateException(
                        "no rabbitmq-server on this machine: " + RabbitMqNode.installAdvice()));
        final RabbitMqNode node =
                RabbitMqNode.of("the benchmark's private RabbitMQ", server, folder, port, distributionPort);
        node.prepare();
        final Process process = node.launch();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> RabbitMqNode.end(process, true, Duration.ofSeconds(20))));
        node.awaitAnswer(process, Duration.ofSeconds(120));
        System.out.println("ready");
        process.waitFor();
        throw new IllegalStateException("the private RabbitMQ ended by itself; its output: " + node.log());
    }
}
