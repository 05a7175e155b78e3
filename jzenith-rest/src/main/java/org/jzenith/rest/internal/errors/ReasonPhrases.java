package org.jzenith.rest.internal.errors;

import io.netty.handler.codec.http.HttpResponseStatus;

/** Reason phrases of HTTP statuses, for problem titles. */
public final class ReasonPhrases {

    private ReasonPhrases() {}

    public static String of(final int status) {
        return HttpResponseStatus.valueOf(status).reasonPhrase();
    }
}
