package org.jzenith.rest.it.answers;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/** A request body whose construction fails with an {@link Error}, as a buggy constructor would. */
public record Unbuildable(String name) {

    @JsonCreator
    public static Unbuildable of(@JsonProperty("name") final String name) {
        throw new AssertionError("a constructor bug");
    }
}
