package org.jzenith.core;

import com.google.inject.AbstractModule;
import com.google.inject.Module;
import io.vertx.core.Future;
import java.util.List;
import java.util.Optional;

/** A plugin that writes its start and stop into a shared journal, and can be told to fail. */
final class RecordingPlugin implements Plugin {

    private final String name;
    private final List<String> journal;
    private final boolean failOnStart;
    private final Phase phase;
    private final Optional<String> problem;

    RecordingPlugin(final String name, final List<String> journal, final boolean failOnStart) {
        this(name, journal, failOnStart, Phase.PREPARE, Optional.empty());
    }

    private RecordingPlugin(
            final String name,
            final List<String> journal,
            final boolean failOnStart,
            final Phase phase,
            final Optional<String> problem) {
        this.name = name;
        this.journal = journal;
        this.failOnStart = failOnStart;
        this.phase = phase;
        this.problem = problem;
    }

    /** The same plugin in {@code other} phase. */
    RecordingPlugin in(final Phase other) {
        return new RecordingPlugin(name, journal, failOnStart, other, problem);
    }

    /** The same plugin, reporting {@code message} when it validates. */
    RecordingPlugin reporting(final String message) {
        return new RecordingPlugin(name, journal, failOnStart, phase, Optional.of(message));
    }

    @Override
    public Phase phase() {
        return phase;
    }

    @Override
    public void validate(final Validation validation) {
        journal.add("validate " + name);
        problem.ifPresent(message -> validation.problem(name, "RecordingPlugin", message));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<Module> modules() {
        return List.of(new AbstractModule() {
            @Override
            protected void configure() {
                journal.add("modules " + name);
            }
        });
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
