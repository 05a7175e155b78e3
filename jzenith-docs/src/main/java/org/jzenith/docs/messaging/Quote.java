package org.jzenith.docs.messaging;

/** A price for a quote request, sent on the channel {@code quotes}. */
public record Quote(String id, int price) {}
