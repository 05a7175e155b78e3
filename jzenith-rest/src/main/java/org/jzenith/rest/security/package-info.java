/**
 * Authentication for the REST plugin: {@link org.jzenith.rest.security.Authenticator}s, bound
 * through Guice, turn a request's credentials into an {@link org.jzenith.rest.security.Identity}
 * that {@code SecurityContext} and {@code @RolesAllowed} see. {@code jzenith-jwt} contributes one
 * for bearer tokens; see {@code docs/security.md}.
 */
package org.jzenith.rest.security;
