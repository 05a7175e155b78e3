package org.jzenith.rabbitmq;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CountDownLatch;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Appends each message of the channel {@code batch} to a file, one line each, before its method
 * returns: what a process killed with SIGKILL had processed stays in the file (the kernel has each
 * write). With a stall set, the message of that number is recorded and its method never returns, so
 * that its process holds it, and the prefetch behind it, unacknowledged until it dies.
 */
public class RecordingConsumer {

    /** Where the records go, and the message to stall on ({@code m-7}), if any. */
    public record Recording(Path file, String stallAt) {}

    private final FileChannel file;
    private final String stallAt;

    @Inject
    RecordingConsumer(final Recording recording) {
        try {
            this.file = FileChannel.open(
                    recording.file(), StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        this.stallAt = recording.stallAt();
    }

    @Incoming("batch")
    void onMessage(final String message) throws IOException, InterruptedException {
        file.write(ByteBuffer.wrap((message + "\n").getBytes(StandardCharsets.UTF_8)));
        if (message.equals(stallAt)) {
            new CountDownLatch(1).await(); // processed, never acknowledged: until SIGKILL
        }
    }
}
