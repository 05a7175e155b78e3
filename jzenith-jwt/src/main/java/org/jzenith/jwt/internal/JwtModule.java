package org.jzenith.jwt.internal;

import com.google.inject.AbstractModule;
import com.google.inject.Key;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.matcher.Matchers;
import com.google.inject.util.Types;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.jwt.Claim;
import org.eclipse.microprofile.jwt.ClaimValue;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.jwt.JwtConfiguration;
import org.jzenith.jwt.JwtHealthCheck;
import org.jzenith.rest.security.Authenticator;
import org.jzenith.rest.security.PrincipalParameters;

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
        bindMicroProfileJwt();
        Authenticator.bind(binder()).to(JwtAuthenticator.class);
        if (fetchesKeys) {
            HealthCheck.bind(binder()).to(JwtHealthCheck.class);
        }
    }

    /**
     * {@code @Inject JsonWebToken}: the current request's token ({@link CurrentJsonWebToken}).
     * {@code @Inject @Claim(...) ClaimValue<T>}: Guice needs a binding for each field's key; one bound
     * for the annotation type serves every {@code @Claim} value of that type (Guice falls back to it),
     * and {@link ClaimFields} then puts the field's own value in its place. {@code @Claim} on a resource
     * method's parameter: read by {@link ClaimParameters}.
     */
    private void bindMicroProfileJwt() {
        bind(JsonWebToken.class).toInstance(CurrentJsonWebToken.INSTANCE);
        bindListener(Matchers.any(), new ClaimFields());
        PrincipalParameters.bind(binder()).toInstance(new ClaimParameters());
        final List<Type> values = new ArrayList<>(
                List.of(String.class, Long.class, Boolean.class, Object.class, Types.setOf(String.class)));
        values.addAll(JSON_P);
        for (final Type value : List.copyOf(values)) {
            values.add(Types.newParameterizedType(Optional.class, value));
        }
        bindClaimValue(ClaimValue.class);
        for (final Type value : values) {
            bindClaimValue(Types.newParameterizedType(ClaimValue.class, value));
        }
        // Raw values: ClaimFields puts the claim in place of these stand-ins (or refuses the field with the
        // reason); bound here only so that Guice gets that far instead of reporting a missing binding.
        bindRefused(String.class, "");
        bindRefused(Long.class, 0L);
        bindRefused(Boolean.class, false);
        bindRefused(Object.class, UNFILLED);
        bindRefused(Types.setOf(String.class), Set.of());
        for (final Type value : List.of(String.class, Long.class, Boolean.class, Types.setOf(String.class))) {
            bindRefused(Types.newParameterizedType(Optional.class, value), Optional.empty());
        }
        for (final Class<?> json : JSON_P) {
            // Made (by Parsson) only when such a field is injected: other applications load no JSON-P implementation.
            bindStandIn(json, () -> JsonClaims.standIn(json));
            bindRefused(Types.newParameterizedType(Optional.class, json), Optional.empty());
        }
    }

    /** The JSON-P types a claim is read into (MicroProfile JWT 2.1). */
    private static final List<Class<?>> JSON_P = List.of(
            JsonValue.class,
            JsonString.class,
            JsonNumber.class,
            JsonObject.class,
            JsonArray.class,
            JsonStructure.class);

    @SuppressWarnings("unchecked") // the stand-in is of the type; ClaimFields puts the claim in its place
    private void bindStandIn(final Type type, final com.google.inject.Provider<Object> standIn) {
        bind((Key<Object>) Key.get(type, anyClaim()).withoutAttributes()).toProvider(standIn);
    }

    @SuppressWarnings("unchecked") // the value is of the type, or never injected (refused at start-up)
    private void bindRefused(final Type type, final Object value) {
        bind((Key<Object>) Key.get(type, anyClaim()).withoutAttributes()).toInstance(value);
    }

    @SuppressWarnings("unchecked") // every ClaimValue<T> key gets the same stand-in, replaced per field
    private void bindClaimValue(final Type type) {
        // Key.get(type, Claim.class) would stand for @Claim() with its defaults alone (every member has
        // one); the key without attributes of some @Claim is the one Guice falls back to for all of them.
        bind((Key<Object>) Key.get(type, anyClaim()).withoutAttributes()).toInstance(UNFILLED);
    }

    /** Carries a {@code @Claim} with a value, whose key without attributes stands for every {@code @Claim}. */
    @Claim("any")
    private static final Object ANY_CLAIM = new Object();

    private static Claim anyClaim() {
        try {
            return JwtModule.class.getDeclaredField("ANY_CLAIM").getAnnotation(Claim.class);
        } catch (final NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What a {@code @Claim} injection point other than a field (a setter's parameter) would get. */
    private static final ClaimValue<Object> UNFILLED = new ClaimValue<>() {
        @Override
        public String getName() {
            throw unfilled();
        }

        @Override
        public Object getValue() {
            throw unfilled();
        }

        private IllegalStateException unfilled() {
            return new IllegalStateException("jZenith fills @Claim fields only; declare an @Inject @Claim(...)"
                    + " ClaimValue<T> field, or inject JsonWebToken");
        }
    };

    @Provides
    @Singleton
    JwtAuthenticator authenticator(final JwtConfiguration configuration) {
        return new JwtAuthenticator(state, configuration.realm());
    }
}
