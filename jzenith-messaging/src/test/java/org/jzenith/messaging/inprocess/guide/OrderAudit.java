package org.jzenith.messaging.inprocess.guide;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** A second consumer of "orders", beside {@link OrderHandler}. */
public class OrderAudit {

    final List<String> audited = new CopyOnWriteArrayList<>();

    @Incoming("orders")
    public void audit(final String order) {
        audited.add(order);
    }
}
