package org.jzenith.rest.it.compat;

/** A service a resource takes in its constructor. */
public final class Greeting {

    public String to(final String name) {
        return "Hello, " + name + "!";
    }
}
