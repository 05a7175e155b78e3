package org.jzenith.openapi.internal;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * Writes a JSON tree as block-style YAML 1.2, the way OpenAPI documents are usually read. Every
 * string is double-quoted with JSON's escapes, which YAML reads the same, so no value (a {@code
 * yes}, a {@code 1.0}, a {@code #}) can change its meaning; keys are quoted where they are not
 * plain words. Small on purpose: a YAML library would be a dependency for one document.
 */
final class Yaml {

    private Yaml() {}

    /** {@code node} as YAML text. */
    static String write(final JsonNode node) {
        final StringBuilder out = new StringBuilder(8192);
        if (node.isContainerNode() && !node.isEmpty()) {
            block(node, 0, out);
        } else {
            out.append(scalar(node)).append('\n');
        }
        return out.toString();
    }

    private static void block(final JsonNode node, final int indent, final StringBuilder out) {
        if (node.isObject()) {
            for (final Map.Entry<String, JsonNode> entry : node.properties()) {
                pad(out, indent).append(key(entry.getKey())).append(':');
                value(entry.getValue(), indent, out);
            }
        } else {
            for (final JsonNode element : node) {
                pad(out, indent).append('-');
                if (element.isObject() && !element.isEmpty()) {
                    // The first key on the dash's line, the others under it.
                    boolean first = true;
                    for (final Map.Entry<String, JsonNode> entry : element.properties()) {
                        if (first) {
                            out.append(' ');
                            first = false;
                        } else {
                            pad(out, indent + 2);
                        }
                        out.append(key(entry.getKey())).append(':');
                        value(entry.getValue(), indent + 2, out);
                    }
                } else {
                    value(element, indent, out);
                }
            }
        }
    }

    /** After {@code key:} or {@code -}: a scalar on the same line, a container below, indented. */
    private static void value(final JsonNode value, final int indent, final StringBuilder out) {
        if (value.isContainerNode() && !value.isEmpty()) {
            out.append('\n');
            block(value, indent + 2, out);
        } else {
            out.append(' ').append(scalar(value)).append('\n');
        }
    }

    private static String scalar(final JsonNode node) {
        if (node.isObject()) {
            return "{}";
        }
        if (node.isArray()) {
            return "[]";
        }
        if (node.isTextual()) {
            return quoted(node.asText());
        }
        // Numbers, booleans and null are written as JSON writes them, which YAML 1.2 reads alike.
        return node.toString();
    }

    private static String key(final String key) {
        // Words that YAML 1.1 readers (SnakeYAML, which many tools use) take for booleans or null
        // are quoted too.
        return key.matches("[A-Za-z_][A-Za-z0-9_.-]*") && !key.matches("(?i)y|n|yes|no|on|off|true|false|null")
                ? key
                : quoted(key);
    }

    private static String quoted(final String text) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(text)) + "\"";
    }

    private static StringBuilder pad(final StringBuilder out, final int indent) {
        return out.repeat(' ', indent);
    }
}
