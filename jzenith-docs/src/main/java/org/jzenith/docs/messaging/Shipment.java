package org.jzenith.docs.messaging;

/** What the shipping service sends on once it has reserved stock. */
public record Shipment(String orderId, String sku, int quantity) {}
