package org.jzenith.messaging.inprocess.guide;

import io.smallrye.mutiny.Multi;
import org.eclipse.microprofile.reactive.messaging.Channel;

/** A guide's resource, reduced to the channel it streams (as Quarkus writes it, without {@code @Inject}). */
public class QuoteResource {

    @Channel("quotes")
    Multi<String> quotes;

    public Multi<String> stream() {
        return quotes;
    }
}
