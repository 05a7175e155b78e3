package org.jzenith.rest.spi;

/** What an {@link Endpoint}'s method returns, which decides how its result is written. */
public enum ResultKind {
    /** A plain value, written as the body. */
    VALUE,
    /** Nothing: 204. */
    VOID,
    /** A {@code Response}: the status and the body are decided at run time. */
    RESPONSE,
    /** An {@code Optional}: empty is 404. */
    OPTIONAL,
    /** An RxJava {@code Single}. */
    SINGLE,
    /** An RxJava {@code Maybe}: empty is 404. */
    MAYBE,
    /** An RxJava {@code Completable}: 204. */
    COMPLETABLE,
    /** An RxJava {@code Flowable}, written as a JSON array. */
    FLOWABLE,
    /** An RxJava {@code Observable}, written as a JSON array. */
    OBSERVABLE,
    /** A {@code CompletionStage}. */
    COMPLETION_STAGE,
    /** A Vert.x {@code Future}. */
    FUTURE,
    /** Void, answered through the method's {@code @Suspended AsyncResponse}. */
    SUSPENDED,
    /** Another library's asynchronous type, adapted by a {@code ReactiveAdapter}. */
    ADAPTED
}
