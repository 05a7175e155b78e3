package org.jzenith.rest.it;

import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;

/**
 * An application serving one REST plugin on a free port, and a client for it: what most of these
 * tests start once per class and stop after.
 *
 * @param app the running application
 * @param http a client for its port
 */
public record Served(JZenith app, Http http) implements AutoCloseable {

    /** Starts {@code plugin} on a free port, with {@code arguments} besides. */
    public static Served start(final RestPlugin plugin, final String... arguments) {
        final String[] all = new String[arguments.length + 1];
        all[0] = "--rest.port=0";
        System.arraycopy(arguments, 0, all, 1, arguments.length);
        final JZenith app = JZenith.application(all).withPlugins(plugin).start();
        return new Served(app, new Http(app.instance(RestServer.class).port()));
    }

    public int port() {
        return app.instance(RestServer.class).port();
    }

    @Override
    public void close() {
        app.stop();
    }
}
