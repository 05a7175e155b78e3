package org.jzenith.messaging.inprocess.guide;

import io.smallrye.reactive.messaging.annotations.Merge;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Takes the producers of "announcements" one after the other. */
public class ConcatBoard {

    final List<String> shown = new CopyOnWriteArrayList<>();

    @Incoming("announcements")
    @Merge(Merge.Mode.CONCAT)
    public void show(final String announcement) {
        shown.add(announcement);
    }
}
