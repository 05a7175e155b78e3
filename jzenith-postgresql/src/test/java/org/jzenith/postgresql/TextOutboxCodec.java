package org.jzenith.postgresql;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.OptionalBinder;
import java.nio.charset.StandardCharsets;
import org.jzenith.core.spi.outbox.OutboxCodec;

/** What a relay's plugin binds, for tests that publish without one: the events as text. */
final class TextOutboxCodec extends AbstractModule {

    @Override
    protected void configure() {
        OptionalBinder.newOptionalBinder(binder(), OutboxCodec.class)
                .setBinding()
                .toInstance((channel, event) -> event.toString().getBytes(StandardCharsets.UTF_8));
    }
}
