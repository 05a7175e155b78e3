package org.jzenith.rest.internal.context;

import com.google.inject.Injector;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ResourceContext;

/**
 * The {@link ResourceContext} of an application: resources and sub-resources are made, or have
 * their members injected, by the application's injector, so they can inject services.
 */
public final class GuiceResourceContext implements ResourceContext {

    private final Injector injector;

    @Inject
    GuiceResourceContext(final Injector injector) {
        this.injector = injector;
    }

    @Override
    public <T> T getResource(final Class<T> resourceClass) {
        return injector.getInstance(resourceClass);
    }

    @Override
    public <T> T initResource(final T resource) {
        injector.injectMembers(resource);
        return resource;
    }
}
