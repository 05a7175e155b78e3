package ${package};

import com.google.inject.AbstractModule;
import com.google.inject.Singleton;

/** The service's own bindings: a plain Guice module, named in {@link Application}. */
public final class GreetingModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(Greeter.class).to(ConfiguredGreeter.class).in(Singleton.class);
    }
}
