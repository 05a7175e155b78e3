/**
 * A single-node Apache Kafka broker as a child JVM, shared by the Kafka plugin's dev service and
 * the test kit's {@code PrivateKafka} without either depending on the other: {@link
 * org.jzenith.kafka.broker.KraftBroker} writes its settings, formats its storage, launches it and
 * knows when it answers. No Kafka jar comes with it: the broker runs from a classpath the caller
 * names.
 */
package org.jzenith.kafka.broker;
