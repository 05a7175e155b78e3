package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link ConsumerDispatch}: each block the client hands over runs on a virtual thread of its own, and
 * what a block asked to run at its end (the acks it held back) runs once, after the block, on its thread.
 */
class ConsumerDispatchTest {

    @Test
    void aBlockRunsOnAVirtualThreadAndWhatItAskedForRunsOnceAfterIt() throws Exception {
        final List<String> happened = new CopyOnWriteArrayList<>();
        final CountDownLatch done = new CountDownLatch(2);
        try (ExecutorService dispatch = ConsumerDispatch.executor()) {
            dispatch.execute(() -> {
                happened.add(
                        "block on a virtual thread: " + Thread.currentThread().isVirtual());
                ConsumerDispatch.atBlockEnd(() -> happened.add("superseded"));
                ConsumerDispatch.atBlockEnd(() -> {
                    happened.add("end on the block's thread: "
                            + Thread.currentThread().getName().equals("rabbitmq-dispatch"));
                    done.countDown();
                });
                happened.add("block done");
            });
            // a later block that asks for nothing runs nothing at its end
            dispatch.execute(() -> {
                happened.add("second block");
                done.countDown();
            });
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(happened)
                .containsSubsequence("block on a virtual thread: true", "block done", "end on the block's thread: true")
                .contains("second block")
                .doesNotContain("superseded")
                .hasSize(4);
    }
}
