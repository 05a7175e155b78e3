package org.jzenith.rest.internal.model;

import io.vertx.core.Future;
import jakarta.ws.rs.core.Response;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.jzenith.core.spi.execution.RxJavaTypes;

/** What a resource method returns, which decides how its result is written and on which thread it runs. */
public enum ReturnKind {
    VALUE(false),
    VOID(false),
    RESPONSE(false),
    OPTIONAL(false),
    SINGLE(true),
    MAYBE(true),
    COMPLETABLE(true),
    FLOWABLE(true),
    OBSERVABLE(true),
    COMPLETION_STAGE(true),
    FUTURE(true),
    /** Void, answered through the method's {@code @Suspended AsyncResponse}. */
    SUSPENDED(false),
    /** Another library's asynchronous type, turned into a stage or a publisher by a ReactiveAdapter. */
    ADAPTED(true);

    private final boolean reactive;

    ReturnKind(final boolean reactive) {
        this.reactive = reactive;
    }

    /** Reactive results are produced without blocking, so the method runs on the event loop. */
    public boolean isReactive() {
        return reactive;
    }

    /** RxJava's types by name, so that services that never return one do not load them ({@link RxJavaTypes}). */
    private static final Map<String, ReturnKind> RX_JAVA = Map.of(
            RxJavaTypes.SINGLE, SINGLE,
            RxJavaTypes.MAYBE, MAYBE,
            RxJavaTypes.COMPLETABLE, COMPLETABLE,
            RxJavaTypes.FLOWABLE, FLOWABLE,
            RxJavaTypes.OBSERVABLE, OBSERVABLE);

    /** The kind of {@code rawType}. */
    public static ReturnKind of(final Class<?> rawType) {
        final ReturnKind rxJava = RX_JAVA.get(rawType.getName());
        if (rxJava != null) {
            return rxJava;
        } else if (rawType == void.class || rawType == Void.class) {
            return VOID;
        } else if (Response.class.isAssignableFrom(rawType)) {
            return RESPONSE;
        } else if (rawType == Optional.class) {
            return OPTIONAL;
        } else if (CompletionStage.class.isAssignableFrom(rawType)) {
            return COMPLETION_STAGE;
        } else if (Future.class.isAssignableFrom(rawType)) {
            return FUTURE;
        }
        return VALUE;
    }

    /** The type of the value written as the body: {@code T} of {@code Single<T>}, the type itself for a value. */
    public Type valueType(final Type genericReturnType) {
        return switch (this) {
            case VALUE, RESPONSE -> genericReturnType;
            case VOID, COMPLETABLE -> Void.class;
            default ->
                genericReturnType instanceof ParameterizedType parameterized
                        ? parameterized.getActualTypeArguments()[0]
                        : Object.class;
        };
    }
}
