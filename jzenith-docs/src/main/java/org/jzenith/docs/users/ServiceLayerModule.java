package org.jzenith.docs.users;

import com.google.inject.AbstractModule;

/** The application's own Guice module that the README's main passes to withModules. */
public final class ServiceLayerModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(UserService.class);
    }
}
