package ${package};

import jakarta.inject.Inject;

/** Greets with the configured salutation. */
final class ConfiguredGreeter implements Greeter {

    private final GreetingConfiguration configuration;

    @Inject
    ConfiguredGreeter(final GreetingConfiguration configuration) {
        this.configuration = configuration;
    }

    @Override
    public String greet(final String name) {
        return configuration.salutation() + ", " + name + "!";
    }
}
