package org.jzenith.rest.it.startup;

import io.vertx.core.Future;
import java.util.List;
import org.jzenith.core.Plugin;
import org.jzenith.core.PluginContext;

/** Stands for a store plugin: connects first, and notes when it starts and stops. */
final class StoreLikePlugin implements Plugin {

    private final List<String> journal;

    StoreLikePlugin(final List<String> journal) {
        this.journal = journal;
    }

    @Override
    public String name() {
        return "store";
    }

    @Override
    public Phase phase() {
        return Phase.CONNECT;
    }

    @Override
    public Future<Void> start(final PluginContext context) {
        journal.add("store started");
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> stop(final PluginContext context) {
        journal.add("store stopped");
        return Future.succeededFuture();
    }
}
