package org.jzenith.rest.security;

import com.google.inject.Binder;
import com.google.inject.binder.LinkedBindingBuilder;
import com.google.inject.multibindings.Multibinder;
import io.vertx.core.Future;
import io.vertx.core.http.HttpServerRequest;

/**
 * One way a request proves who sent it: a bearer token, an API key, a session. The REST plugin asks
 * every bound authenticator, in the order they were bound, for each request to a resource method,
 * before the request filters run; the first that finds credentials of its scheme decides (the user,
 * or a 401 with its challenge); when none does, the request is anonymous. Bind one from any Guice
 * module (a plugin's, or the application's):
 *
 * <pre>{@code
 * Authenticator.bind(binder()).to(ApiKeyAuthenticator.class);
 *
 * final class ApiKeyAuthenticator implements Authenticator {
 *     public String scheme() { return "ApiKey"; }
 *     public Future<Authentication> authenticate(final HttpServerRequest request) {
 *         final String key = request.getHeader("X-Api-Key");
 *         if (key == null) {
 *             return Future.succeededFuture(Authentication.absent());
 *         }
 *         return Future.succeededFuture(keys.owner(key)
 *                 .map(owner -> Authentication.of(Identity.of(owner, Set.of("client"))))
 *                 .orElseGet(() -> Authentication.rejected(challenge(), "The API key is not known")));
 *     }
 * }
 * }</pre>
 *
 * <p>{@link #authenticate} runs on the request's event loop and must not block: verify locally, or
 * return a future that a non-blocking client completes (the request waits for it, the event loop
 * does not). The request's body has been read already and cannot be consumed here. A failed future
 * is a fault of the server (500, logged); credentials that do not hold are {@link
 * Authentication#rejected}.
 */
public interface Authenticator {

    /** The authentication scheme, as the {@code WWW-Authenticate} header names it: {@code Bearer}. */
    String scheme();

    /**
     * The challenge of a 401 for a request without credentials of this scheme to a method that needs
     * a user; by default the scheme alone. A realm is added with {@link Challenge#with}.
     */
    default Challenge challenge() {
        return Challenge.of(scheme());
    }

    /**
     * Reads the credentials of this scheme from {@code request}, on its event loop, without
     * blocking: {@link Authentication#absent()} when there are none, the user they prove, or why
     * they are rejected.
     */
    Future<Authentication> authenticate(HttpServerRequest request);

    /** Adds an authenticator to the application's set, after those bound before it. */
    static LinkedBindingBuilder<Authenticator> bind(final Binder binder) {
        return Multibinder.newSetBinder(binder, Authenticator.class).addBinding();
    }
}
