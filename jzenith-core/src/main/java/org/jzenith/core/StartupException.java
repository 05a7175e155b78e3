package org.jzenith.core;

/**
 * Thrown by {@link JZenith#run()} when the application could not start. Its message names the
 * plugin or step that failed and the cause; whatever had started is already stopped.
 */
public final class StartupException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public StartupException(final String message, final Throwable cause) {
        super(message, cause);
    }

    public StartupException(final String message) {
        super(message);
    }
}
