package org.jzenith.rest.it.converters;

import java.math.BigDecimal;

/** A type with no valueOf, fromString or String constructor: only a converter can read it. */
public record Money(BigDecimal amount, String currency) {}
