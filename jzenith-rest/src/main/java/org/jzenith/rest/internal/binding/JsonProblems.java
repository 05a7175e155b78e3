package org.jzenith.rest.internal.binding;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.temporal.Temporal;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Says what is wrong with a JSON request body in the client's terms: where the JSON broke, or which
 * field holds what kind of value where another kind was expected. Never a Java type name (which
 * says nothing to a client and something to an attacker) and never Jackson's own wording, which
 * is written for the programmer.
 */
final class JsonProblems {

    private static final Pattern JACKSON_FOUND =
            Pattern.compile("(?:from|Cannot coerce) (Array|Object|String|Integer|Floating-point|Boolean|Null) value");
    private static final Pattern LIMIT =
            Pattern.compile("^(Number value|String value|Name|Document nesting depth)[a-z ]*\\(([0-9]+)\\) exceeds"
                    + " the maximum (?:allowed )?\\(([0-9]+)");
    private static final Pattern NON_NUMERIC = Pattern.compile("^Non-standard token '([^']*)'");
    private static final Pattern DUPLICATE = Pattern.compile("^Duplicate field '([^']*)'");
    private static final Pattern ESCAPE = Pattern.compile("^Unrecognized character escape '(.)'");
    private static final Pattern CONTROL =
            Pattern.compile("^Illegal unquoted character \\(\\(CTRL-CHAR, code ([0-9]+)\\)\\)");
    /** What Jackson's messages say for the programmer: feature names, a parser's source, Java names. */
    private static final Pattern FOR_THE_PROGRAMMER = Pattern.compile(
            "`|Feature|Source:|StreamRead|JsonRead|java\\.|jackson|Exception|\\b[a-z]+\\.[a-z]+\\.[A-Za-z]");

    private JsonProblems() {}

    static String describe(final IOException failure) {
        if (!(failure instanceof JsonProcessingException json)) {
            return "cannot be read";
        }
        if (!(json instanceof JsonMappingException mapping)) {
            return "malformed JSON" + at(json.getLocation()) + ": " + unreadable(json);
        }
        final String field = field(mapping);
        if (mapping.getCause() instanceof JsonProcessingException cause && !(cause instanceof JsonMappingException)) {
            // The parser failed inside a field's value (a string not closed, a bad escape, a number too long)
            return (field.isEmpty() ? "" : "field '" + field + "': ") + unreadable(cause) + at(json.getLocation());
        }
        if (mapping instanceof UnrecognizedPropertyException unknown) {
            return "unknown field '" + (field.isEmpty() ? unknown.getPropertyName() : field) + "'";
        }
        final String where = field.isEmpty() ? "" : "field '" + field + "': ";
        if (mapping instanceof InvalidFormatException invalid
                && (String.valueOf(invalid.getOriginalMessage()).startsWith("Cannot coerce")
                        || invalid.getValue() instanceof Number
                        || invalid.getValue() instanceof Boolean)) {
            // A scalar of another kind (5 for a string, "5" for a number): rest.json.coerce-scalars is off.
            return where + "expected " + kindOf(invalid.getTargetType()) + found(invalid);
        }
        if (mapping instanceof InvalidFormatException invalid) {
            return where + "\"" + invalid.getValue() + "\" is not " + kindOf(invalid.getTargetType());
        }
        if (String.valueOf(mapping.getOriginalMessage()).startsWith("Trailing token")) {
            return "more data after the JSON value" + at(json.getLocation());
        }
        if (mapping instanceof MismatchedInputException mismatched) {
            if (mismatched.getTargetType() == null) {
                return where + firstLine(mismatched.getOriginalMessage()).replaceAll("`[^`]*`", "a value");
            }
            return where + "expected " + kindOf(mismatched.getTargetType()) + found(mismatched);
        }
        if (mapping instanceof ValueInstantiationException) {
            return where + "the values given do not make a valid object";
        }
        return where + "cannot be read" + at(json.getLocation());
    }

    /**
     * Why the parser could not read the JSON, in the client's terms: Jackson's own message names the
     * parser's features and limits by their Java names, which say nothing to a client.
     */
    static String unreadable(final JsonProcessingException failure) {
        final String message = firstLine(failure.getOriginalMessage());
        if (failure instanceof StreamConstraintsException) {
            final Matcher limit = LIMIT.matcher(message);
            if (!limit.find()) {
                return "the body exceeds a limit of the JSON parser";
            }
            final String most = limit.group(3);
            return switch (limit.group(1)) {
                case "Number value" -> "a number longer than " + most + " digits";
                case "String value" -> "a string longer than " + most + " characters";
                case "Name" -> "a field name longer than " + most + " characters";
                default -> "values nested deeper than " + most + " levels";
            };
        }
        if (failure instanceof InputCoercionException coercion) {
            return "the number is out of range" + range(coercion.getTargetType());
        }
        if (failure instanceof JsonEOFException || message.startsWith("Unexpected end-of-input")) {
            return message.contains("String value")
                            || message.contains("VALUE_STRING")
                            || message.contains("closing quote")
                    ? "the body ends inside a string"
                    : message.contains("for Array") || message.contains("Array entries")
                            ? "the body ends before the array is closed"
                            : message.contains("for Object") || message.contains("Object entries")
                                    ? "the body ends before the object is closed"
                                    : "the body ends before the JSON value is complete";
        }
        final Matcher duplicate = DUPLICATE.matcher(message);
        if (duplicate.find()) {
            return "field '" + duplicate.group(1) + "' appears twice";
        }
        final Matcher nonNumeric = NON_NUMERIC.matcher(message);
        if (nonNumeric.find()) {
            return nonNumeric.group(1) + " is not a JSON number";
        }
        if (message.contains("comment")) {
            return "JSON has no comments";
        }
        final Matcher escape = ESCAPE.matcher(message);
        if (escape.find()) {
            return "\\" + escape.group(1) + " is not an escape of a JSON string";
        }
        if (message.contains("hex-digit for character escape")) {
            return "\\u in a JSON string takes four hexadecimal digits";
        }
        final Matcher control = CONTROL.matcher(message);
        if (control.find()) {
            return "a control character (code " + control.group(1) + ") in a string must be escaped";
        }
        return FOR_THE_PROGRAMMER.matcher(message).find() ? "not valid JSON" : message;
    }

    private static String range(final Class<?> type) {
        if (type == int.class || type == Integer.class) {
            return " (" + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE + ")";
        }
        if (type == long.class || type == Long.class) {
            return " (" + Long.MIN_VALUE + " to " + Long.MAX_VALUE + ")";
        }
        if (type == short.class || type == Short.class) {
            return " (" + Short.MIN_VALUE + " to " + Short.MAX_VALUE + ")";
        }
        if (type == byte.class || type == Byte.class) {
            return " (" + Byte.MIN_VALUE + " to " + Byte.MAX_VALUE + ")";
        }
        return "";
    }

    private static String field(final JsonMappingException mapping) {
        return mapping.getPath().stream()
                .map(reference ->
                        reference.getFieldName() != null ? reference.getFieldName() : "[" + reference.getIndex() + "]")
                .collect(Collectors.joining("."))
                .replace(".[", "[");
    }

    /**
     * What the client sent where the value should be: Jackson names it in its message ("from Array
     * value"), and otherwise the parser's current token tells.
     */
    private static String found(final MismatchedInputException mismatched) {
        final Matcher named = JACKSON_FOUND.matcher(String.valueOf(mismatched.getOriginalMessage()));
        if (named.find()) {
            return switch (named.group(1)) {
                case "Array" -> ", found an array";
                case "Object" -> ", found an object";
                case "String" -> ", found a string";
                case "Boolean" -> ", found a boolean";
                case "Null" -> ", found null";
                default -> ", found a number";
            };
        }
        if (mismatched instanceof InvalidFormatException invalid && invalid.getValue() instanceof Number) {
            return ", found a number"; // such as 1 for an enum, which is named, not numbered
        }
        if (mismatched instanceof InvalidFormatException invalid && invalid.getValue() instanceof Boolean) {
            return ", found a boolean";
        }
        if (!(mismatched.getProcessor() instanceof JsonParser parser) || parser.currentToken() == null) {
            return "";
        }
        return switch (parser.currentToken()) {
            case START_OBJECT, END_OBJECT, FIELD_NAME -> ", found an object";
            case START_ARRAY, END_ARRAY -> ", found an array";
            case VALUE_STRING -> ", found a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> ", found a number";
            case VALUE_TRUE, VALUE_FALSE -> ", found a boolean";
            case VALUE_NULL -> ", found null";
            default -> "";
        };
    }

    /** The JSON a client must send for a value of {@code type}. */
    static String kindOf(final Class<?> type) {
        if (type == String.class || type == Character.class || type == char.class) {
            return "a string";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == int.class
                || type == long.class
                || type == short.class
                || type == byte.class
                || type == Integer.class
                || type == Long.class
                || type == Short.class
                || type == Byte.class
                || type == BigInteger.class) {
            return "a whole number";
        }
        if (type.isPrimitive() || Number.class.isAssignableFrom(type) || type == BigDecimal.class) {
            return "a number";
        }
        if (type == UUID.class) {
            return "a UUID";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.toString(type.getEnumConstants());
        }
        if (Temporal.class.isAssignableFrom(type)) {
            return "an ISO-8601 date or time";
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (type == Optional.class) {
            return "a value";
        }
        if (Map.class.isAssignableFrom(type) || !type.getName().startsWith("java.")) {
            return "an object";
        }
        return "a value of another kind";
    }

    private static String at(final JsonLocation location) {
        return location != null && location.getLineNr() > 0
                ? " at line " + location.getLineNr() + ", column " + location.getColumnNr()
                : "";
    }

    private static String firstLine(final String message) {
        final String text = String.valueOf(message);
        final int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
