package org.jzenith.messaging.inprocess.guide;

import io.smallrye.mutiny.Multi;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/** Two producers of the one channel "greetings". */
public class Greeters {

    @Outgoing("greetings")
    public Multi<String> english() {
        return Multi.createFrom().items("hello", "good bye");
    }

    @Outgoing("greetings")
    public Multi<String> french() {
        return Multi.createFrom().items("bonjour", "au revoir");
    }
}
