package org.jzenith.messaging.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Single;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** How a method's return type is waited for, and what it yields to send. */
class ReturnsTest {

    interface Methods {
        String plain();

        void nothing();

        CompletionStage<List<String>> stage();

        CompletionStage<?> unnamed();

        Single<Integer> single();

        Maybe<String> maybe();

        Completable completable();

        Uni<String> uni();

        Flowable<String> flowable();

        Multi<String> multi();
    }

    private static Type returned(final String method) throws NoSuchMethodException {
        return Methods.class.getMethod(method).getGenericReturnType();
    }

    private static Optional<Returns> kind(final String method) throws NoSuchMethodException {
        return Returns.of(Methods.class.getMethod(method).getReturnType());
    }

    @Test
    void eachReturnTypeIsWaitedForItsOwnWayAndStreamsAreRefused() throws Exception {
        assertThat(kind("plain")).contains(Returns.PLAIN);
        assertThat(kind("stage")).contains(Returns.STAGE);
        assertThat(kind("single")).contains(Returns.RX);
        assertThat(kind("completable")).contains(Returns.RX);
        assertThat(kind("uni")).contains(Returns.UNI);
        assertThat(kind("flowable")).isEmpty();
        assertThat(kind("multi")).isEmpty();
        assertThat(Streams.isStream(Flowable.class)).isTrue();
        assertThat(Streams.isStream(Single.class)).isFalse();
    }

    @Test
    void whatAMethodYieldsIsItsValueOrTheTypeItsStageCompletesWith() throws Exception {
        assertThat(Returns.PLAIN.yields(returned("plain"))).contains(String.class);
        assertThat(Returns.PLAIN.yields(returned("nothing"))).isEmpty();
        assertThat(Returns.STAGE.yields(returned("stage")).map(Type::getTypeName))
                .contains("java.util.List<java.lang.String>");
        assertThat(Returns.STAGE.yields(returned("unnamed"))).isEmpty();
        assertThat(Returns.RX.yields(returned("single"))).contains(Integer.class);
        assertThat(Returns.RX.yields(returned("maybe"))).contains(String.class);
        assertThat(Returns.RX.yields(returned("completable"))).isEmpty();
        assertThat(Returns.UNI.yields(returned("uni"))).contains(String.class);
    }

    @Test
    void anEmptyMaybeOrANullUniCompletesWithNothing() {
        assertThat(Returns.RX.stage(Maybe.empty()).toCompletableFuture().join()).isNull();
        assertThat(Returns.UNI
                        .stage(Uni.createFrom().nullItem())
                        .toCompletableFuture()
                        .join())
                .isNull();
        assertThat(Returns.RX.stage(Single.just(4)).toCompletableFuture().join())
                .isEqualTo(4);
    }
}
