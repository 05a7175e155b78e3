package org.jzenith.examples.users.service;

import com.google.inject.AbstractModule;

/** The service layer: business rules over the persistence layer's {@link UserDao}. */
public final class ServiceLayerModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(UserService.class);
    }
}
