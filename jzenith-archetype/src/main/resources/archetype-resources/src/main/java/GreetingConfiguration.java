package ${package};

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The service's own settings, under {@code greeting.}: read and checked at start-up (a missing or
 * invalid value stops the service with a message naming the key), and injectable.
 */
@ConfigMapping(prefix = "greeting")
public interface GreetingConfiguration {

    /** {@code greeting.salutation}: the word before the name. */
    @WithDefault("Hello")
    String salutation();
}
