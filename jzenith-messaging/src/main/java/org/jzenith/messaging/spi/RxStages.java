package org.jzenith.messaging.spi;

import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Single;
import java.util.concurrent.CompletionStage;

/** RxJava's types as stages; loaded only for methods that return one, so RxJava stays optional. */
final class RxStages {

    private RxStages() {}

    static CompletionStage<?> stage(final Object result) {
        return switch (result) {
            case Single<?> single -> single.toCompletionStage();
            case Maybe<?> maybe -> maybe.toCompletionStage(null);
            case Completable completable -> completable.toCompletionStage(null);
            default ->
                throw new IllegalStateException("not an RxJava Single, Maybe or Completable: "
                        + result.getClass().getSimpleName());
        };
    }
}
