/**
 * What the Kafka plugin and the test kit share about Kafka without depending on each other: {@link
 * org.jzenith.core.spi.kafka.KraftBroker}, the launcher of a single-node broker as a child JVM.
 */
package org.jzenith.core.spi.kafka;
