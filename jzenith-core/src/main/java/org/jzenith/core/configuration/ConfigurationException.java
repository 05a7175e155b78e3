package org.jzenith.core.configuration;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Thrown at start-up when the configuration has problems; lists every one of them at once, each
 * naming the key, where its value came from and what was expected.
 */
public final class ConfigurationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient List<ConfigurationProblem> problems;

    public ConfigurationException(final List<ConfigurationProblem> problems) {
        super(describe(problems));
        this.problems = List.copyOf(problems);
    }

    /** The problems, in the order they were found. */
    public List<ConfigurationProblem> problems() {
        return problems;
    }

    private static String describe(final List<ConfigurationProblem> problems) {
        final String header = problems.size() == 1
                ? "The configuration has 1 problem:"
                : "The configuration has " + problems.size() + " problems:";
        return problems.stream()
                .map(problem -> "  - " + problem)
                .collect(Collectors.joining(System.lineSeparator(), header + System.lineSeparator(), ""));
    }
}
