package org.jzenith.rest.security;

import com.google.inject.AbstractModule;
import com.google.inject.Provider;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Objects;
import org.jzenith.core.security.IdentityStore;
import org.jzenith.rest.internal.security.BasicAuthenticator;

/**
 * HTTP {@code Basic} authentication (RFC 7617): a request with {@code Authorization: Basic
 * base64(name:password)} is the user the application's {@link IdentityStore} verifies. Add the
 * module, and bind a store (the JDBC plugin's {@code JdbcIdentityStore.module()}, or your own):
 *
 * <pre>{@code
 * JZenith.application(args)
 *        .withPlugins(RestPlugin.withResources(OrderResource.class), JdbcPlugin.create())
 *        .withModules(BasicAuthentication.realm("shop"), JdbcIdentityStore.module())
 *        .run();
 * }</pre>
 *
 * <p>An anonymous request to a {@code @RolesAllowed} method is a 401 with {@code WWW-Authenticate:
 * Basic realm="shop"} ({@code , charset="UTF-8"} added with {@link #withCharsetUtf8}); a wrong name or password is a 401 that does not say which
 * was wrong; a user without the role is a 403. Passwords are verified on virtual threads, never on
 * the event loop, at most {@link #withConcurrentVerifications} at once; up to {@link
 * #withWaitingVerifications} more wait, and beyond them a request is answered 503 with {@code
 * Retry-After}, so that a flood of guesses costs a bounded amount of CPU and memory; such refusals are
 * counted in {@code http.server.rejected{reason="sign-ins"}} and logged at most once a minute. Immutable.
 */
public final class BasicAuthentication extends AbstractModule {

    private final String realm;
    private final int concurrent;
    private final int waiting;
    private final boolean charset;

    private BasicAuthentication(final String realm, final int concurrent, final int waiting, final boolean charset) {
        this.realm = Objects.requireNonNull(realm, "realm");
        if (concurrent < 1 || waiting < 0) {
            throw new IllegalArgumentException("Basic authentication needs at least one concurrent verification and"
                    + " no negative number of waiting ones, not " + concurrent + " and " + waiting);
        }
        this.concurrent = concurrent;
        this.waiting = waiting;
        this.charset = charset;
    }

    /**
     * Basic authentication in {@code realm}, verifying as many passwords at once as there are
     * processors (the hashes are CPU-bound) and letting 16 times as many wait.
     */
    public static BasicAuthentication realm(final String realm) {
        final int processors = Runtime.getRuntime().availableProcessors();
        return new BasicAuthentication(realm, processors, 16 * processors, false);
    }

    /** At most {@code verifications} passwords verified at once. */
    public BasicAuthentication withConcurrentVerifications(final int verifications) {
        return new BasicAuthentication(realm, verifications, waiting, charset);
    }

    /** At most {@code verifications} requests waiting for a verification; more are a 503. */
    public BasicAuthentication withWaitingVerifications(final int verifications) {
        return new BasicAuthentication(realm, concurrent, verifications, charset);
    }

    /**
     * The challenge says {@code charset="UTF-8"} (RFC 7617, §2.1), so that browsers send non-ASCII
     * names and passwords as UTF-8. Off by default: RFC 7617 makes the parameter optional, and clients
     * and tests often compare the header exactly. Passwords are decoded as UTF-8 either way.
     */
    public BasicAuthentication withCharsetUtf8() {
        return new BasicAuthentication(realm, concurrent, waiting, true);
    }

    @Override
    protected void configure() {
        final Provider<IdentityStore> store = getProvider(IdentityStore.class);
        final Provider<MeterRegistry> registry = getProvider(MeterRegistry.class);
        Authenticator.bind(binder())
                .toProvider((Provider<Authenticator>)
                        () -> new BasicAuthenticator(store.get(), realm, charset, concurrent, waiting, registry.get()))
                .asEagerSingleton();
    }
}
