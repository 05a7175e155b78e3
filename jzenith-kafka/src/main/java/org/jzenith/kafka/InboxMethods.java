package org.jzenith.kafka;

import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.jzenith.core.spi.outbox.InboxStore;
import org.jzenith.messaging.spi.Returns;

/**
 * Makes {@link Idempotent} methods apply each message once, through the store's {@link InboxStore}:
 * their handle is replaced by one that runs the method inside {@link InboxStore#once}. The record at
 * hand reaches it through {@link #RECORD}, which the record's processor binds. Thread-safe.
 */
final class InboxMethods {

    /** The record being processed on this thread. */
    static final ScopedValue<ConsumerRecord<byte[], byte[]>> RECORD = ScopedValue.newInstance();

    /** The header an outbox relay puts the event's own id in. */
    static final String EVENT_ID = "jzenith-event-id";

    /** The longest id the inbox keeps: its {@code message_id} column is {@code VARCHAR(255)}. */
    static final int MAX_ID_LENGTH = 255;

    private static final MethodHandle ONCE;

    static {
        try {
            ONCE = MethodHandles.lookup()
                    .findVirtual(Once.class, "invoke", MethodType.methodType(Object.class, Object.class, Object.class));
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private InboxMethods() {}

    /**
     * {@code method}, applying each message once when it is {@link Idempotent}; as it is otherwise.
     * A record without an event id is known by its position in the topic {@code topicIds} names.
     */
    static IncomingMethod wrap(final IncomingMethod method, final Injector injector, final TopicIds topicIds) {
        if (!method.method().isAnnotationPresent(Idempotent.class)) {
            return method;
        }
        if (method.returns() != Returns.PLAIN) {
            throw new IllegalStateException(method.describe() + " is @Idempotent but returns a "
                    + method.method().getReturnType().getSimpleName()
                    + ", which would complete after the inbox's transaction; return nothing or a plain value");
        }
        final Optional<InboxStore> inbox = injector.getInstance(Key.get(new TypeLiteral<Optional<InboxStore>>() {}));
        if (inbox.isEmpty()) {
            throw new IllegalStateException(method.describe()
                    + " is @Idempotent, which needs an inbox; register JdbcPlugin.create().withOutbox() or"
                    + " PostgresqlPlugin.create().withOutbox()");
        }
        final MethodHandle handle = ONCE.bindTo(new Once(inbox.get(), method.handle(), method.channel(), topicIds));
        return new IncomingMethod(
                method.type(),
                method.method(),
                method.channel(),
                method.reader(),
                method.returns(),
                handle,
                method.forward());
    }

    /**
     * The message's id: the event id its {@code jzenith-event-id} header carries (an outbox's, or any
     * producer's), else its position, with the id of its topic that a recreated topic does not repeat
     * ({@link TopicIds}). An event id longer than the inbox keeps is the record's fault: it goes to
     * the dead-letter topic, saying so.
     */
    static String messageId(final ConsumerRecord<byte[], byte[]> record, final TopicIds topicIds) {
        final Header header = record.headers().lastHeader(EVENT_ID);
        if (header != null && header.value() != null && header.value().length > 0) {
            final byte[] bytes = header.value();
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] < 0x21 || bytes[i] > 0x7e) {
                    throw new PayloadException("the record's " + EVENT_ID + " header holds a byte that is not a"
                            + " visible ASCII character (0x" + String.format("%02x", bytes[i] & 0xff)
                            + " at position " + i + "); send an id of letters, digits and punctuation, such as a"
                            + " UUID, or none: the record is then known by its position");
                }
            }
            final String id = new String(bytes, StandardCharsets.US_ASCII);
            if (id.length() > MAX_ID_LENGTH) {
                throw new PayloadException("the record's " + EVENT_ID + " header is " + id.length()
                        + " characters long; the inbox keeps ids of at most " + MAX_ID_LENGTH
                        + " (send a shorter id, such as a UUID, or none: the record is then known by its position)");
            }
            return id;
        }
        return topicIds.of(record.topic(), record.partition(), record.offset());
    }

    /** Calls the method inside the inbox's transaction, unless the message was applied before. */
    private record Once(InboxStore inbox, MethodHandle original, String channel, TopicIds topicIds) {

        @SuppressWarnings("unused") // called through ONCE
        Object invoke(final Object bean, final Object argument) throws Exception {
            if (!RECORD.isBound()) {
                throw new IllegalStateException("no record is being processed on this thread");
            }
            inbox.once(messageId(RECORD.get(), topicIds), channel, () -> {
                try {
                    return original.invoke(bean, argument);
                } catch (final Exception | Error e) {
                    throw e;
                } catch (final Throwable e) {
                    throw new IllegalStateException(e);
                }
            });
            return null;
        }
    }
}
