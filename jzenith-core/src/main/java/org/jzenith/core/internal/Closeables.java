package org.jzenith.core.internal;

import com.google.inject.Binding;
import com.google.inject.Scopes;
import com.google.inject.matcher.Matcher;
import com.google.inject.spi.ProvisionListener;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Remembers every {@link AutoCloseable} singleton the injector creates, so that they can be
 * closed when the application stops, in the reverse order of their creation.
 *
 * <p>Thread-safe.
 */
public final class Closeables implements ProvisionListener {

    private static final Logger LOG = LoggerFactory.getLogger(Closeables.class);

    private final Deque<AutoCloseable> created = new ArrayDeque<>();

    /**
     * The bindings to listen to: singletons. Guice matches a binding once; an object made on every
     * call (a per-request resource) then passes through no listener, where matching every binding
     * cost each request a trip through Guice's listener chain.
     */
    public static Matcher<Binding<?>> singletons() {
        return Scopes::isSingleton;
    }

    @Override
    public <T> void onProvision(final ProvisionInvocation<T> provision) {
        final T instance = provision.provision();
        if (instance instanceof AutoCloseable closeable && Scopes.isSingleton(provision.getBinding())) {
            remember(closeable);
        }
    }

    /**
     * Remembers something made outside the injector, to be closed with the rest; once, even when
     * it is bound as an instance too and provisioned later.
     */
    public void remember(final AutoCloseable closeable) {
        synchronized (created) {
            if (created.stream().noneMatch(known -> known == closeable)) {
                created.push(closeable);
            }
        }
    }

    /** Closes everything remembered, newest first; a failure is logged and does not stop the rest. */
    public void closeAll() {
        final List<AutoCloseable> toClose;
        synchronized (created) {
            toClose = new ArrayList<>(created);
            created.clear();
        }
        for (final AutoCloseable closeable : toClose) {
            try {
                closeable.close();
            } catch (final Exception e) {
                LOG.warn("Closing {} failed", closeable.getClass().getName(), e);
            }
        }
    }
}
