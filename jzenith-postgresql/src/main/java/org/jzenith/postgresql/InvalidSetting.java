package org.jzenith.postgresql;

/**
 * A setting of the plugin that cannot be used, found while reading the target: the key, and what
 * was expected instead. Reported at start-up with every other configuration problem.
 */
final class InvalidSetting extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String key;
    private final String expected;

    InvalidSetting(final String key, final String expected) {
        super(key + " is not valid: expected " + expected);
        this.key = key;
        this.expected = expected;
    }

    String key() {
        return key;
    }

    String expected() {
        return expected;
    }
}
