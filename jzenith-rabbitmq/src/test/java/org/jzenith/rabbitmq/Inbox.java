package org.jzenith.rabbitmq;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** What the test consumers received, for the tests to look at. */
public final class Inbox {
    final List<Order> orders = new CopyOnWriteArrayList<>();
    final List<String> attempts = new CopyOnWriteArrayList<>();
    final List<String> upper = new CopyOnWriteArrayList<>();
    final List<Boolean> virtual = new CopyOnWriteArrayList<>();
    /** Counted down when a slow order is being processed; it ends once {@link #release} is. */
    final java.util.concurrent.CountDownLatch slow = new java.util.concurrent.CountDownLatch(1);

    final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
}
