package org.jzenith.rest.internal.security;

import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.security.Principal;
import java.util.Optional;
import org.jzenith.rest.internal.model.PrincipalAnnotations;
import org.jzenith.rest.security.PrincipalParameters;

/**
 * Dropwizard's {@code @Auth} on a resource method's parameter: the request's user, as {@code
 * SecurityContext.getUserPrincipal()} gives it, from whichever {@code Authenticator} accepted the
 * request. Recognised by the annotation's name ({@code io.dropwizard.auth.Auth}), as jZenith does not
 * depend on Dropwizard and code moved from Dropwizard brings its jar. As in Dropwizard, a plain
 * parameter needs a user (an anonymous request is a 401, see {@link AccessRule}) and an {@code
 * Optional<User>} one may be empty. A user of another class than the parameter's is a 500: the
 * method asks for a principal no authenticator of the application makes.
 */
public final class DropwizardAuth implements PrincipalParameters {

    @Override
    public String annotation() {
        return PrincipalAnnotations.DROPWIZARD_AUTH;
    }

    @Override
    public Reader reader(final Annotation annotation, final Type type) {
        final boolean optional =
                type instanceof ParameterizedType parameterized && parameterized.getRawType() == Optional.class;
        final Type userType = optional ? ((ParameterizedType) type).getActualTypeArguments()[0] : type;
        if (!(userType instanceof Class<?> user) || !Principal.class.isAssignableFrom(user)) {
            throw new IllegalArgumentException("@Auth is on a parameter of type " + type.getTypeName()
                    + "; it takes the user: java.security.Principal, the authenticator's principal class, or"
                    + " an Optional of one");
        }
        return security -> {
            final Principal principal = security.getUserPrincipal();
            if (principal != null && !user.isInstance(principal)) {
                throw new IllegalStateException("@Auth " + user.getName() + " was given a "
                        + principal.getClass().getName() + ": declare the class the application's authenticator"
                        + " makes, or java.security.Principal");
            }
            return optional ? Optional.ofNullable(principal) : principal;
        };
    }

    /** Whether {@code parameterType} of an {@code @Auth} parameter needs a user (not an {@code Optional}). */
    static boolean requiresUser(final Type parameterType) {
        return !(parameterType instanceof ParameterizedType parameterized
                && parameterized.getRawType() == Optional.class);
    }
}
