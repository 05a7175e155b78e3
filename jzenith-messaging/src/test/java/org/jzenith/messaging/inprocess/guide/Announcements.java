package org.jzenith.messaging.inprocess.guide;

import io.smallrye.mutiny.Multi;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/**
 * Two producers of "announcements": the first paced (so that merging would interleave the second's
 * items with its own), the second noting whether the first had completed when it was called.
 */
public class Announcements {

    final AtomicBoolean firstCompleted = new AtomicBoolean();
    final List<Boolean> secondCalledAfterFirstCompleted = new CopyOnWriteArrayList<>();

    @Outgoing("announcements")
    public Multi<String> first() {
        return Multi.createFrom()
                .ticks()
                .every(Duration.ofMillis(20))
                .select()
                .first(3)
                .map(tick -> List.of("a", "b", "c").get(tick.intValue()))
                .onCompletion()
                .invoke(() -> firstCompleted.set(true));
    }

    @Outgoing("announcements")
    public Multi<String> second() {
        secondCalledAfterFirstCompleted.add(firstCompleted.get());
        return Multi.createFrom().items("D", "E", "F");
    }
}
