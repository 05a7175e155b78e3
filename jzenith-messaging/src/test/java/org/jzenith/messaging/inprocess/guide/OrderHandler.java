package org.jzenith.messaging.inprocess.guide;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Handles the orders the emitter sends: an order named "slow" waits until the test lets it go, one named
 * "broken" fails.
 */
public class OrderHandler {

    final List<String> handled = new CopyOnWriteArrayList<>();
    final CountDownLatch slowStarted = new CountDownLatch(1);
    final CountDownLatch letSlowGo = new CountDownLatch(1);

    @Incoming("orders")
    public void handle(final String order) throws InterruptedException {
        if (order.equals("broken")) {
            throw new IllegalArgumentException("order 'broken' cannot be handled");
        }
        if (order.equals("slow")) {
            slowStarted.countDown();
            if (!letSlowGo.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test did not let the slow order go");
            }
        }
        handled.add(order);
    }
}
