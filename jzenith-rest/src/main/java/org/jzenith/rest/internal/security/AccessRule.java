package org.jzenith.rest.internal.security;

import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.core.SecurityContext;
import java.lang.reflect.AnnotatedElement;
import java.util.List;
import java.util.Optional;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.ParameterSource;
import org.jzenith.rest.internal.model.PrincipalAnnotations;

/**
 * Who may call a resource method, from {@code @RolesAllowed}, {@code @PermitAll} and
 * {@code @DenyAll} on it or, where it has none, on its class, as Jakarta's security annotations
 * say. Checked against the request's {@link SecurityContext}, which an authenticator or a request
 * filter sets: a request without a user to a method that needs one is refused as unauthenticated
 * (401 where an authenticator can be named in the challenge), any other refusal is a 403. Made
 * once at start-up; immutable.
 *
 * <p>A parameter with Dropwizard's {@code @Auth} (not an {@code Optional}) on a method everyone may
 * call makes it need a user, in any role, as Dropwizard's authentication filter does.
 *
 * @param denyAll whether no one may call it
 * @param roles the roles of which the user must have one
 * @param anyUser whether any authenticated user may call it, whatever the roles
 */
public record AccessRule(boolean denyAll, List<String> roles, boolean anyUser) {

    private static final Refusal DENIED = new Refusal(false, "No one may use this resource");
    private static final Refusal UNAUTHENTICATED =
            new Refusal(true, "This resource needs an authenticated user in one of the roles it allows");
    private static final Refusal UNAUTHENTICATED_ANY = new Refusal(true, "This resource needs an authenticated user");
    private static final Refusal NOT_IN_ROLE = new Refusal(false, "The user is not in a role this resource allows");

    public AccessRule {
        roles = List.copyOf(roles);
    }

    /** The rule of {@code endpoint}; empty when everyone may call it. */
    public static Optional<AccessRule> of(final EndpointDefinition endpoint) {
        final Optional<AccessRule> declared = ruleOf(endpoint.method())
                .or(() -> ruleOf(endpoint.annotatedClass()))
                .flatMap(rule -> rule);
        if (declared.isEmpty() && takesRequiredAuth(endpoint)) {
            return Optional.of(new AccessRule(false, List.of(), true));
        }
        return declared;
    }

    private static boolean takesRequiredAuth(final EndpointDefinition endpoint) {
        return endpoint.parameters().stream()
                .filter(parameter -> parameter.source() == ParameterSource.PRINCIPAL
                        && parameter.name().equals(PrincipalAnnotations.DROPWIZARD_AUTH))
                .anyMatch(parameter -> DropwizardAuth.requiresUser(parameter.type()));
    }

    /** Why {@code security} may not call the method; empty when it may. */
    public Optional<Refusal> refusal(final SecurityContext security) {
        if (denyAll) {
            // Authenticating would not help, so it is never a 401 (RFC 9110: 401 asks for credentials).
            return Optional.of(DENIED);
        }
        if (security.getUserPrincipal() == null) {
            return Optional.of(anyUser ? UNAUTHENTICATED_ANY : UNAUTHENTICATED);
        }
        if (anyUser) {
            return Optional.empty();
        }
        for (final String role : roles) {
            if (security.isUserInRole(role)) {
                return Optional.empty();
            }
        }
        return Optional.of(NOT_IN_ROLE);
    }

    /**
     * Why a request may not call a method.
     *
     * @param unauthenticated whether the request has no user (a 401 where a scheme can be named), else a 403
     * @param detail the problem's detail
     */
    public record Refusal(boolean unauthenticated, String detail) {}

    /**
     * The rule an element declares: empty when it declares none (its class decides), a present
     * empty when it permits all.
     */
    private static Optional<Optional<AccessRule>> ruleOf(final AnnotatedElement element) {
        if (element.isAnnotationPresent(DenyAll.class)) {
            return Optional.of(Optional.of(new AccessRule(true, List.of(), false)));
        }
        final RolesAllowed roles = element.getAnnotation(RolesAllowed.class);
        if (roles != null) {
            return Optional.of(Optional.of(new AccessRule(false, List.of(roles.value()), false)));
        }
        if (element.isAnnotationPresent(PermitAll.class)) {
            return Optional.of(Optional.empty());
        }
        return Optional.empty();
    }
}
