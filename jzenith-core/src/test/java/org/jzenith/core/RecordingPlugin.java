package org.jzenith.core;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import io.vertx.core.Future;
import java.util.List;

/** A plugin that writes its start and stop into a shared journal, and can be told to fail. */
final class RecordingPlugin implements Plugin {

    private final String name;
    private final List<String> journal;
    private final boolean failOnStart;

    RecordingPlugin(final String name, final List<String> journal, final boolean failOnStart) {
        this.name = name;
        this.journal = journal;
        this.failOnStart = failOnStart;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<Module> modules() {
        return List.of(new AbstractModule() {});
    }

    @Override
    public Future<Void> start(final PluginContext context) {
        if (failOnStart) {
            journal.add("fail " + name);
            return Future.failedFuture(new IllegalStateException("port 80 is taken"));
        }
        return context.vertx().timer(5).map(ignored -> {
            journal.add("start " + name);
            return null;
        });
    }

    @Override
    public Future<Void> stop(final PluginContext context) {
        journal.add("stop " + name);
        return Future.succeededFuture();
    }
}
