package org.jzenith.test;

import com.google.inject.Key;
import java.util.Optional;
import java.util.OptionalInt;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestServer;

/**
 * Everything {@link JZenithExtension} asks of the REST plugin, in one class that is loaded only
 * when {@code jzenith-rest} is on the classpath: an application without REST may leave it out.
 */
final class RestSupport {

    /** The REST plugin's name. */
    static final String PLUGIN = "rest";

    /** The REST plugin's port setting; 0 binds a free port. */
    static final String PORT_KEY = "rest.port";

    private static final String SERVER_CLASS = "org.jzenith.rest.RestServer";

    private RestSupport() {}

    /** Whether {@code jzenith-rest} is on the classpath (the application may still not use it). */
    private static boolean onClasspath() {
        try {
            Class.forName(SERVER_CLASS, false, RestSupport.class.getClassLoader());
            return true;
        } catch (final ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The port the running application's REST server listens on, when it has one. */
    static Optional<Integer> port(final JZenith app) {
        if (!onClasspath()) {
            return Optional.empty();
        }
        return Bound.port(app);
    }

    /** The port of the running application's management interface, when {@code management.port} is set. */
    static Optional<Integer> managementPort(final JZenith app) {
        if (!onClasspath()) {
            return Optional.empty();
        }
        return Bound.managementPort(app);
    }

    /** Touches {@link RestServer} only once {@link #onClasspath()} said it is there. */
    private static final class Bound {

        static Optional<Integer> port(final JZenith app) {
            return Optional.ofNullable(app.injector().getExistingBinding(Key.get(RestServer.class)))
                    .map(binding -> binding.getProvider().get().port());
        }

        static Optional<Integer> managementPort(final JZenith app) {
            return Optional.ofNullable(app.injector().getExistingBinding(Key.get(RestServer.class)))
                    .map(binding -> binding.getProvider().get().managementPort())
                    .filter(OptionalInt::isPresent)
                    .map(OptionalInt::getAsInt);
        }
    }
}
