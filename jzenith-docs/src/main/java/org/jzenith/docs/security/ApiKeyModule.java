package org.jzenith.docs.security;

import com.google.inject.AbstractModule;
import org.jzenith.rest.security.Authenticator;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/security.md, "Adding another scheme": binding the authenticator. */
public final class ApiKeyModule extends AbstractModule {

    @Override
    protected void configure() {
        // tag::bind[]
        // in a Guice module, the application's or a plugin's:
        Authenticator.bind(binder()).to(ApiKeyAuthenticator.class);
        // end::bind[]
    }
}
// spotless:on
