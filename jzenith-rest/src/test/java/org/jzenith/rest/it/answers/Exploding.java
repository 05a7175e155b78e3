package org.jzenith.rest.it.answers;

/** A parameter type whose parsing fails with an {@link Error}, as a buggy converter would. */
public record Exploding(String value) {

    public static Exploding fromString(final String text) {
        throw new AssertionError("a converter bug");
    }
}
