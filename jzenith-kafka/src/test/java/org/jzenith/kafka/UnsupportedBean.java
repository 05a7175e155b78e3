package org.jzenith.kafka;

import io.smallrye.mutiny.Multi;
import io.smallrye.reactive.messaging.annotations.Broadcast;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Outgoing;

/**
 * A class the application binds (not a consumer named to the plugin) that asks for what jZenith does
 * not build, in members Guice leaves to jZenith (no {@code @Inject}).
 */
public class UnsupportedBean {

    @Channel("prices")
    Multi<Double> prices;

    @Channel("nobody")
    Emitter<String> undeclared;

    @Incoming("forgotten")
    @Broadcast
    void forgotten(final String value) {}

    @Outgoing("generated")
    Multi<String> produces() {
        return Multi.createFrom().empty();
    }
}
