package org.jzenith.docs.rest;

import jakarta.validation.constraints.NotBlank;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/rest.md, "Validation": a service method Guice makes is validated when called. */
// tag::greeter[]
public class Greeter {
    public String greet(@NotBlank final String name) { return "Hello, " + name; }      // greet("") → 400, field "name"
}
// end::greeter[]
// spotless:on
