package org.jzenith.rabbitmq;

import java.nio.file.Path;
import org.jzenith.core.JZenith;

/**
 * A consumer service in a JVM of its own for {@link ConsumerKillIT}, which kills it with SIGKILL:
 * {@link RecordingConsumer} on the channel {@code batch}, recording into the file {@code args[0]} and
 * stalling on the message {@code args[1]}; the rest of {@code args} are its settings.
 */
public final class KilledConsumerMain {

    private KilledConsumerMain() {}

    public static void main(final String... args) {
        final RecordingConsumer.Recording recording = new RecordingConsumer.Recording(Path.of(args[0]), args[1]);
        JZenith.application(java.util.Arrays.copyOfRange(args, 2, args.length))
                .withPlugins(RabbitMqPlugin.withConsumers(RecordingConsumer.class))
                .withModules(
                        binder -> binder.bind(RecordingConsumer.Recording.class).toInstance(recording))
                .run();
    }
}
