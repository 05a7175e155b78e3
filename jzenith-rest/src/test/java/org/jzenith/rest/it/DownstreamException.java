package org.jzenith.rest.it;

/** A failure of something the service depends on, mapped to 503 in the test. */
public class DownstreamException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public DownstreamException(final String message) {
        super(message);
    }
}
