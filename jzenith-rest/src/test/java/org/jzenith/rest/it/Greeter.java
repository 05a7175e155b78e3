package org.jzenith.rest.it;

/** A service injected into the resource, to show resources are made by Guice. */
public final class Greeter {

    public String greet(final String name) {
        return "hello " + name;
    }
}
