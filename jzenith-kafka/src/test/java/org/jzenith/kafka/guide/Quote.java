package org.jzenith.kafka.guide;

/** A price for a request, as the Quarkus Kafka guide's {@code Quote}. */
public record Quote(String id, int price) {}
