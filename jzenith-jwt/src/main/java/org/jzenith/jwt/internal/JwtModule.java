package org.jzenith.jwt.internal;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.jwt.JwtConfiguration;
import org.jzenith.jwt.JwtHealthCheck;
import org.jzenith.rest.security.Authenticator;

/** Binds the bearer token authenticator, and the key set's health check where keys are fetched. */
public final class JwtModule extends AbstractModule {

    private final JwtState state;
    private final boolean fetchesKeys;

    public JwtModule(final JwtState state, final boolean fetchesKeys) {
        this.state = state;
        this.fetchesKeys = fetchesKeys;
    }

    @Override
    protected void configure() {
        bind(JwtState.class).toInstance(state);
        Authenticator.bind(binder()).to(JwtAuthenticator.class);
        if (fetchesKeys) {
            HealthCheck.bind(binder()).to(JwtHealthCheck.class);
        }
    }

    @Provides
    @Singleton
    JwtAuthenticator authenticator(final JwtConfiguration configuration) {
        return new JwtAuthenticator(state, configuration.realm());
    }
}
