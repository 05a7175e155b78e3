package org.jzenith.docs.messaging;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;

// tag::payload[]
/** An event on the topic {@code orders}, as JSON. */
public record OrderPlaced(
        @NotBlank String orderId,
        @NotBlank String sku,
        @Positive int quantity) {}
// end::payload[]
