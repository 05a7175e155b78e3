package org.jzenith.rest.internal;

import jakarta.validation.Validator;
import java.util.Optional;
import org.jzenith.rest.internal.binding.PrincipalResolvers;
import org.jzenith.rest.internal.security.Authenticating;

/**
 * What a request must get past before its method runs, besides its route: authentication, the
 * parameters the authenticated principal provides, Bean Validation of the arguments. Made once at
 * start-up by {@link RestAssembly}, read by the endpoint handlers' factory. Immutable; every
 * component is thread-safe.
 *
 * @param authenticating the application's authenticators
 * @param principals reads the parameters the authenticated principal provides ({@code @Claim})
 * @param validator Bean Validation, where some parameter is constrained
 */
public record RestGuards(Authenticating authenticating, PrincipalResolvers principals, Optional<Validator> validator) {}
