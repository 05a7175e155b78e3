package org.jzenith.core.configuration;

/**
 * One thing wrong with the configuration: the key, where its value came from (or {@code
 * "nowhere"} when it is missing), and what is wrong and how to fix it.
 */
public record ConfigurationProblem(String key, String source, String message) {

    @Override
    public String toString() {
        return key + " (" + source + "): " + message;
    }
}
