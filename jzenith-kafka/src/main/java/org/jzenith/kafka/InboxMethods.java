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

    /** {@code method}, applying each message once when it is {@link Idempotent}; as it is otherwise. */
    static IncomingMethod wrap(final IncomingMethod method, final Injector injector) {
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
        final MethodHandle handle = ONCE.bindTo(new Once(inbox.get(), method.handle(), method.channel()));
        return new IncomingMethod(
                method.type(), method.method(), method.channel(), method.reader(), method.returns(), handle);
    }

    /** The message's id: the outbox's event id when the record has one, else its position. */
    static String messageId(final ConsumerRecord<byte[], byte[]> record) {
        final Header header = record.headers().lastHeader(EVENT_ID);
        if (header != null && header.value() != null && header.value().length > 0) {
            return new String(header.value(), StandardCharsets.UTF_8);
        }
        return record.topic() + "-" + record.partition() + "@" + record.offset();
    }

    /** Calls the method inside the inbox's transaction, unless the message was applied before. */
    private record Once(InboxStore inbox, MethodHandle original, String channel) {

        @SuppressWarnings("unused") // called through ONCE
        Object invoke(final Object bean, final Object argument) throws Exception {
            if (!RECORD.isBound()) {
                throw new IllegalStateException("no record is being processed on this thread");
            }
            inbox.once(messageId(RECORD.get()), channel, () -> {
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
