package org.jzenith.rest.it.conventions;

import java.util.Map;

/** A service the Quarkus-style resource takes through its constructor. */
public class FruitBasket {

    private final Map<String, Integer> cents = Map.of("apple", 40, "pear", 55);

    public int cents(final String fruit) {
        final Integer price = cents.get(fruit);
        if (price == null) {
            throw new jakarta.ws.rs.NotFoundException("No " + fruit + " in the basket");
        }
        return price;
    }
}
