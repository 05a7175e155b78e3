package org.jzenith.messaging.inprocess.guide;

import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;

/** Sends quotes to the in-process channel "quotes". */
public class QuoteSender {

    @Channel("quotes")
    Emitter<String> quotes;

    public CompletionStage<Void> send(final String quote) {
        return quotes.send(quote);
    }
}
