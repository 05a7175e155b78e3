package org.jzenith.test.services;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** A machine made up by a test: which programs exist, who we are, and what each command does. */
final class FakeMachine implements Machine {

    boolean root = true;
    final Set<String> programs = new HashSet<>();
    final Map<Path, List<String>> folders = new HashMap<>();
    final Set<Path> writable = new HashSet<>();
    final Set<Integer> open = new HashSet<>();
    final List<String> ran = new ArrayList<>();
    /** What a command (by its program's file name) prints and returns; by default nothing and 0. */
    final Map<String, Function<List<String>, Commands.Result>> behaviour = new HashMap<>();

    FakeMachine installed(final String... names) {
        programs.addAll(List.of(names));
        return this;
    }

    /** Makes commands of {@code program} open {@code port} when they run. */
    FakeMachine opens(final String program, final int port) {
        behaviour.put(program, command -> {
            open.add(port);
            return new Commands.Result(command, 0, "");
        });
        return this;
    }

    @Override
    public boolean isRoot() {
        return root;
    }

    @Override
    public Optional<Path> program(final String name) {
        final String file = Path.of(name).getFileName().toString();
        return programs.contains(file) ? Optional.of(Path.of("/usr/bin").resolve(file)) : Optional.empty();
    }

    @Override
    public List<String> folders(final Path parent) {
        return folders.getOrDefault(parent, List.of());
    }

    @Override
    public boolean writable(final Path folder) {
        return writable.contains(folder);
    }

    @Override
    public Commands.Result run(final List<String> command) {
        final Commands.Result result = new Commands.Result(command, 0, "");
        ran.add(result.commandLine());
        final String program = Path.of(command.getFirst()).getFileName().toString();
        return behaviour
                .getOrDefault(program, ignored -> new Commands.Result(command, 0, ""))
                .apply(command);
    }

    @Override
    public boolean accepts(final int port) {
        return open.contains(port);
    }
}
