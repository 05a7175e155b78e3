package org.jzenith.rest.internal.model;

/** Where the value of a resource method parameter comes from. */
public enum ParameterSource {
    PATH("path parameter"),
    QUERY("query parameter"),
    MATRIX("matrix parameter"),
    HEADER("header"),
    COOKIE("cookie"),
    FORM("form field"),
    BEAN("bean parameter"),
    CONTEXT("context"),
    SUSPENDED("suspended response"),
    EVENT_SINK("server-sent event sink"),
    PRINCIPAL("value of the authenticated principal"),
    ENTITY("request body");

    private final String description;

    ParameterSource(final String description) {
        this.description = description;
    }

    /** How error messages name a parameter of this source: {@code query parameter 'limit'}. */
    public String describe(final String name) {
        return switch (this) {
            case ENTITY -> description;
            // A principal's parameter is named by its annotation type: "@Claim parameter".
            case PRINCIPAL -> "@" + name.substring(name.lastIndexOf('.') + 1) + " parameter";
            default -> description + " '" + name + "'";
        };
    }
}
