package org.jzenith.rest.internal.binding;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
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

    private JsonProblems() {}

    static String describe(final IOException failure) {
        if (!(failure instanceof JsonProcessingException json)) {
            return "cannot be read";
        }
        if (!(json instanceof JsonMappingException mapping)) {
            return "malformed JSON" + at(json.getLocation()) + ": " + firstLine(json.getOriginalMessage());
        }
        final String field = field(mapping);
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
