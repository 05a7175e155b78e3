package org.jzenith.core;

/**
 * How {@link JZenith#run()} tells a person why the service did not start: the problems as one
 * block of text, without stack frames (those are logged at debug level).
 */
final class StartupFailure {

    private StartupFailure() {}

    static String describe(final RuntimeException failure) {
        return "jZenith did not start." + System.lineSeparator() + failure.getMessage() + System.lineSeparator()
                + "(The stack trace is logged at DEBUG by " + JZenith.class.getName() + ".)";
    }
}
