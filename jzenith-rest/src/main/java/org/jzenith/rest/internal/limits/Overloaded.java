package org.jzenith.rest.internal.limits;

import java.io.Serial;

/**
 * A request refused before any work was done for it, because the server is at one of its limits:
 * answered 503 with {@code Retry-After} and this message as the problem's detail, and not logged as a
 * failure, since whoever refused it counts and logs its refusals (a flood of them must not flood the
 * log). Without a stack trace, so one instance serves every refusal of a kind.
 *
 * <pre>{@code
 * private static final Overloaded BUSY = new Overloaded("Too many sign-ins are being checked; try again shortly");
 * return Future.failedFuture(BUSY);
 * }</pre>
 */
public final class Overloaded extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    /** {@code detail} says what is busy and that the client may try again. */
    public Overloaded(final String detail) {
        super(detail, null, false, false);
    }
}
