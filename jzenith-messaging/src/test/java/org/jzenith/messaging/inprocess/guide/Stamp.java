package org.jzenith.messaging.inprocess.guide;

/** Metadata a processor adds to the message it hands on: which desk stamped the order. */
public record Stamp(String desk) {}
