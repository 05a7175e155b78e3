/**
 * The machine's {@code rabbitmq-server} as a node of its own, shared by the RabbitMQ plugin's dev
 * service and the test kit's {@code PrivateRabbitMq} without either depending on the other: {@link
 * org.jzenith.rabbitmq.server.RabbitMqNode} prepares its folder, launches it, knows when it answers
 * AMQP and ends it. No server is bundled: Debian's package (or one on the PATH) runs.
 */
package org.jzenith.rabbitmq.server;
