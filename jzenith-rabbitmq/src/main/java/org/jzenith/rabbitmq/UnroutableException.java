package org.jzenith.rabbitmq;

import java.io.Serial;

/**
 * The broker returned a message sent with {@code mandatory=true}: no queue is bound to its exchange
 * for its routing key ({@code 312 NO_ROUTE}). A send that fails this way fails its caller's stage;
 * the message is not kept anywhere.
 */
public final class UnroutableException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    private final int replyCode;

    UnroutableException(final int replyCode, final String replyText, final String exchange, final String routingKey) {
        super("the broker returned the message sent to exchange '" + exchange + "' with routing key '" + routingKey
                + "': " + replyCode + " " + replyText + " (no queue is bound for it)");
        this.replyCode = replyCode;
    }

    /** The broker's reply code: 312 (NO_ROUTE). */
    public int replyCode() {
        return replyCode;
    }
}
