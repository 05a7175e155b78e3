package org.jzenith.messaging.inprocess.guide;

/** The application's own metadata on an order's {@code Message}: how urgent it is. */
public record Urgency(String level) {}
