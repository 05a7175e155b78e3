package org.jzenith.benchmarks.rabbitmq;

import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;

/** Holds the jZenith emitter, so that the benchmark can take it from the injector. */
public class Source {

    final Emitter<String> emitter;

    @Inject
    public Source(@Channel("bench-out") final Emitter<String> emitter) {
        this.emitter = emitter;
    }
}
