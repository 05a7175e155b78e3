package org.jzenith.rest.internal.params;

/**
 * How to convert raw strings to one single (non-container) type, and how clients are told what was expected.
 *
 * @param type the Java type produced (primitives are kept as declared, so absent values can get their default)
 * @param converter the converter
 * @param expected what a valid value looks like, for messages, e.g. "an integer" or "one of [ASC, DESC]"
 */
record ConvertedType(Class<?> type, Converter converter, String expected) {}
