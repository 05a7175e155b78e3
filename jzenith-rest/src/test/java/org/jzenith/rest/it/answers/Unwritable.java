package org.jzenith.rest.it.answers;

/** A result that cannot be written as JSON: its accessor fails. */
public final class Unwritable {

    public String getName() {
        throw new IllegalStateException("an accessor bug");
    }
}
