package org.jzenith.messaging.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ChannelStreamTest {

    /** A subscriber that requests what the test tells it to, and keeps what it received. */
    private static final class Browser implements Flow.Subscriber<Object> {
        final List<Object> received = new CopyOnWriteArrayList<>();
        final AtomicReference<Throwable> failed = new AtomicReference<>();
        volatile boolean completed;
        Flow.Subscription subscription;

        @Override
        public void onSubscribe(final Flow.Subscription subscription) {
            this.subscription = subscription;
        }

        @Override
        public void onNext(final Object item) {
            received.add(item);
        }

        @Override
        public void onError(final Throwable throwable) {
            failed.set(throwable);
        }

        @Override
        public void onComplete() {
            completed = true;
        }
    }

    @Test
    void everySubscriberGetsWhatArrivesAfterItSubscribedAsItRequests() throws InterruptedException {
        final ChannelStream stream = new ChannelStream("quotes", 4, Duration.ofSeconds(5));
        stream.publish("before anyone listens"); // not kept for later subscribers
        final Browser first = new Browser();
        final Browser second = new Browser();
        stream.subscribe(first);
        stream.subscribe(second);
        first.subscription.request(Long.MAX_VALUE);
        second.subscription.request(1);

        stream.publish("a");
        stream.publish("b");

        assertThat(first.received).containsExactly("a", "b");
        assertThat(second.received).as("as far as it requested").containsExactly("a");
        second.subscription.request(5);
        assertThat(second.received).containsExactly("a", "b");
    }

    @Test
    void aSubscriberThatStaysFullIsCancelledAndTheChannelGoesOn() throws InterruptedException {
        final ChannelStream stream = new ChannelStream("quotes", 2, Duration.ofMillis(50));
        final Browser slow = new Browser();
        final Browser quick = new Browser();
        stream.subscribe(slow);
        stream.subscribe(quick);
        quick.subscription.request(Long.MAX_VALUE);

        for (int i = 0; i < 4; i++) {
            stream.publish(i);
        }

        assertThat(quick.received).containsExactly(0, 1, 2, 3);
        assertThat(slow.received).isEmpty();
        assertThat(slow.failed.get()).hasMessageContaining("fell behind by 2 payloads");
        assertThat(stream.subscribers()).isEqualTo(1);
    }

    @Test
    void aCancelledSubscriberIsForgottenAndCompletionEndsTheOthers() throws InterruptedException {
        final ChannelStream stream = new ChannelStream("quotes", 2, Duration.ofSeconds(5));
        final Browser gone = new Browser();
        final Browser staying = new Browser();
        stream.subscribe(gone);
        stream.subscribe(staying);
        gone.subscription.cancel();
        staying.subscription.request(10);

        stream.publish("x");
        stream.complete();

        assertThat(gone.received).isEmpty();
        assertThat(staying.received).containsExactly("x");
        assertThat(staying.completed).isTrue();
        assertThat(stream.subscribers()).isZero();
    }

    @Test
    void aRequestOfNothingEndsTheStreamWithTheRule() {
        final ChannelStream stream = new ChannelStream("quotes", 2, Duration.ofSeconds(5));
        final Browser wrong = new Browser();
        stream.subscribe(wrong);
        wrong.subscription.request(0);
        assertThat(wrong.failed.get()).hasMessageContaining("rule 3.9");
    }
}
