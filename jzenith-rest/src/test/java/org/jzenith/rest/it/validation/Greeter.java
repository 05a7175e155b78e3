package org.jzenith.rest.it.validation;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** A service with constraints on its methods, as Quarkus applications write CDI beans. */
public class Greeter {

    /** A person to greet. */
    public record Person(
            @Size(min = 2, message = "must have at least 2 letters")
            String name) {}

    public String greet(@NotBlank final String name) {
        return "Hello " + name;
    }

    public String welcome(@Valid final Person person) {
        return "Welcome " + person.name();
    }

    public @NotNull String nickname(final String name) {
        return name.equals("ghost") ? null : name.substring(0, 1);
    }
}
