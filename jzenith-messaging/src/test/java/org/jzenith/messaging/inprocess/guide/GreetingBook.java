package org.jzenith.messaging.inprocess.guide;

import io.smallrye.reactive.messaging.annotations.Merge;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Takes the greetings of both producers. */
public class GreetingBook {

    final List<String> greetings = new CopyOnWriteArrayList<>();

    @Incoming("greetings")
    @Merge
    public void write(final String greeting) {
        greetings.add(greeting);
    }
}
