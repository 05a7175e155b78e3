package org.jzenith.rest.it.subresources;

/** A service sub-resources made by the ResourceContext inject. */
public class Warehouse {

    public int stockOf(final String item) {
        return item.length();
    }
}
