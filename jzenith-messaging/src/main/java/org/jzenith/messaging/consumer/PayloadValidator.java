package org.jzenith.messaging.consumer;

import org.jzenith.messaging.spi.PayloadException;

/**
 * Checks a payload's Bean Validation constraints; a payload that breaks one is a {@link
 * PayloadException}, dead-lettered at once. Thread-safe.
 */
public interface PayloadValidator {

    /** Validates nothing: the application has no Bean Validation provider. */
    PayloadValidator NONE = payload -> {};

    /** Throws a {@link PayloadException} naming the broken constraints (never the values). */
    void validate(Object payload);

    /** Releases what the validator made for itself; the application's own validator stays. */
    default void close() {}
}
