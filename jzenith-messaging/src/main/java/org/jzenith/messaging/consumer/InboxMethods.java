package org.jzenith.messaging.consumer;

import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.jzenith.core.spi.outbox.InboxStore;
import org.jzenith.messaging.Idempotent;
import org.jzenith.messaging.spi.InboundMessage;
import org.jzenith.messaging.spi.PayloadException;
import org.jzenith.messaging.spi.Returns;

/**
 * Makes {@link Idempotent} methods apply each message once, through the store's {@link InboxStore}:
 * their handle is replaced by one that runs the method inside {@link InboxStore#once}. The record at
 * hand reaches it through {@link #MESSAGE}, which the message's processor binds. Thread-safe.
 */
public final class InboxMethods {

    /** The message being processed on this thread. */
    static final ScopedValue<InboundMessage> MESSAGE = ScopedValue.newInstance();

    /** The header an outbox relay puts the event's own id in. */
    public static final String EVENT_ID = "jzenith-event-id";

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

    /** Whether messages of {@code method} go through the inbox: it is {@link Idempotent}. */
    static boolean applies(final IncomingMethod method) {
        return method.method().isAnnotationPresent(Idempotent.class);
    }

    /**
     * {@code method}, applying each message once when it is {@link Idempotent}; as it is otherwise.
     * A message without an event id is known by its {@linkplain InboundMessage#positionalId() position}.
     */
    public static IncomingMethod wrap(final IncomingMethod method, final Injector injector) {
        if (!applies(method)) {
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
        final MethodHandle handle = ONCE.bindTo(new Once(inbox.get(), method.handle(), method.channel()));
        return method.withHandle(handle);
    }

    /**
     * The message's id: the event id its {@code jzenith-event-id} header carries (an outbox's, or any
     * producer's), else its position under an id of its source that a recreated source does not repeat
     * ({@link InboundMessage#positionalId()}). An event id that is too long or not visible ASCII is the
     * message's fault: it failed for good at once, saying so.
     */
    static String messageId(final InboundMessage message) {
        final Optional<byte[]> header = message.header(EVENT_ID);
        if (header.isPresent() && header.get().length > 0) {
            final byte[] bytes = header.get();
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] < 0x21 || bytes[i] > 0x7e) {
                    throw new PayloadException("the message's " + EVENT_ID + " header holds a byte that is not a"
                            + " visible ASCII character (0x" + String.format("%02x", bytes[i] & 0xff)
                            + " at position " + i + "); send an id of letters, digits and punctuation, such as a"
                            + " UUID, or none: the message is then known by its position");
                }
            }
            final String id = new String(bytes, StandardCharsets.US_ASCII);
            if (id.length() > MAX_ID_LENGTH) {
                throw new PayloadException("the message's " + EVENT_ID + " header is " + id.length()
                        + " characters long; the inbox keeps ids of at most " + MAX_ID_LENGTH
                        + " (send a shorter id, such as a UUID, or none: the message is then known by its position)");
            }
            return id;
        }
        return message.positionalId();
    }

    /** Calls the method inside the inbox's transaction, unless the message was applied before. */
    private record Once(InboxStore inbox, MethodHandle original, String channel) {

        @SuppressWarnings("unused") // called through ONCE
        Object invoke(final Object bean, final Object argument) throws Exception {
            if (!MESSAGE.isBound()) {
                throw new IllegalStateException("no message is being processed on this thread");
            }
            inbox.once(messageId(MESSAGE.get()), channel, () -> {
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
