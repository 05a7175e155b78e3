package org.jzenith.rest.it.providers;

/** A service a provider takes in its constructor. */
public final class Catalogue {

    public String name() {
        return "the library";
    }
}
