package org.jzenith.rest.security;

import com.google.inject.Binder;
import com.google.inject.binder.LinkedBindingBuilder;
import com.google.inject.multibindings.Multibinder;
import jakarta.ws.rs.core.SecurityContext;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;

/**
 * Resource method parameters whose values the request's authenticated principal provides, marked
 * by an annotation of the plugin that made the principal: jzenith-jwt binds one for MicroProfile
 * JWT's {@code @Claim}, so that the REST plugin itself needs no MicroProfile JWT API. The REST
 * plugin asks {@link #reader} once per parameter at start-up; per request it only calls the reader
 * it got, with the request's security context (set by the {@link Authenticator}s before the
 * parameters are read).
 *
 * <pre>{@code
 * PrincipalParameters.bind(binder()).toInstance(new ClaimParameters());
 *
 * // in a resource, then:
 * @GET
 * public String me(@Claim("email") final Optional<String> email) { ... }
 * }</pre>
 *
 * <p>Only annotations the REST plugin knows as a principal's (MicroProfile JWT's {@code @Claim}) are
 * handed here; a parameter with one and no plugin bound for it stops start-up, naming the plugin.
 */
public interface PrincipalParameters {

    /** The name of the annotation type this reads: {@code org.eclipse.microprofile.jwt.Claim}. */
    String annotation();

    /**
     * How a parameter of {@code type} carrying {@code annotation} (of the type {@link #annotation()}
     * names) gets its value; chosen once, at start-up.
     *
     * @throws IllegalArgumentException saying why such a parameter cannot be read, and what to declare
     */
    Reader reader(Annotation annotation, Type type);

    /** Adds a reader of principal parameters to the application's set. */
    static LinkedBindingBuilder<PrincipalParameters> bind(final Binder binder) {
        return Multibinder.newSetBinder(binder, PrincipalParameters.class).addBinding();
    }

    /**
     * One parameter's value for one request. Runs on the request's event loop and must not block;
     * thread-safe.
     */
    @FunctionalInterface
    interface Reader {

        /**
         * The value for a request whose security context is {@code security} (anonymous when no one
         * is authenticated); null where the parameter's type allows it and the principal has no such
         * value, as MicroProfile JWT injects a missing claim.
         */
        Object read(SecurityContext security);
    }
}
