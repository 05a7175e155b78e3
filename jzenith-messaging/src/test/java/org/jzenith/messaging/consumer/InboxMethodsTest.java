package org.jzenith.messaging.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import com.google.inject.Injector;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.junit.jupiter.api.Test;
import org.jzenith.core.spi.outbox.InboxStore;
import org.jzenith.messaging.Idempotent;
import org.jzenith.messaging.spi.InboundMessage;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.spi.PayloadException;

class InboxMethodsTest {

    /**
     * A message as a connector hands it over, with an event id header or none; its positional id is a
     * connector's (Kafka's: InboxTopicRecreatedIT).
     */
    private record Delivered(long offset, Optional<String> eventId) implements InboundMessage {
        @Override
        public String source() {
            return "users.events";
        }

        @Override
        public String position() {
            return "users.events-0@" + offset;
        }

        @Override
        public byte[] payload() {
            return new byte[0];
        }

        @Override
        public Optional<byte[]> header(final String name) {
            return name.equals(InboxMethods.EVENT_ID)
                    ? eventId.map(id -> id.getBytes(StandardCharsets.UTF_8))
                    : Optional.empty();
        }

        @Override
        public long weight() {
            return 0;
        }

        @Override
        public String positionalId() {
            return "topic-id-0@" + offset;
        }

        @Override
        public Object unwrap() {
            return this;
        }
    }

    static final class Consumers {
        final AtomicInteger applied = new AtomicInteger();

        @Incoming("plain")
        void plain(final String value) {
            applied.incrementAndGet();
        }

        @Incoming("once")
        @Idempotent
        void once(final String value) {
            applied.incrementAndGet();
        }

        @Incoming("later")
        @Idempotent
        CompletionStage<Void> later(final String value) {
            return CompletableFuture.completedFuture(null);
        }
    }

    private static IncomingMethod method(final String name) {
        return IncomingMethod.find(Consumers.class, NativeParameters.NONE).stream()
                .filter(found -> found.method().getName().equals(name))
                .map(found -> IncomingMethod.of(Consumers.class, found, Json.standard(), NativeParameters.NONE))
                .findFirst()
                .orElseThrow();
    }

    private static Injector withoutInbox() {
        return Guice.createInjector(
                binder -> com.google.inject.multibindings.OptionalBinder.newOptionalBinder(binder, InboxStore.class));
    }

    /** An inbox in memory: the real ones are the store plugins' (OutboxStore*IT in jzenith-jdbc). */
    private static Injector withInbox(final List<String> seen) {
        final InboxStore inbox = new InboxStore() {
            @Override
            public boolean once(final String messageId, final String channel, final Callable<?> work) throws Exception {
                if (seen.contains(messageId)) {
                    return false;
                }
                work.call();
                seen.add(messageId);
                return true;
            }

            @Override
            public int purge(final Instant receivedBefore) {
                return 0; // these tests never purge
            }
        };
        return Guice.createInjector(
                binder -> com.google.inject.multibindings.OptionalBinder.newOptionalBinder(binder, InboxStore.class)
                        .setBinding()
                        .toInstance(inbox));
    }

    @Test
    void aMethodWithoutIdempotentStaysAsItIs() {
        final IncomingMethod plain = method("plain");
        assertThat(InboxMethods.wrap(plain, withoutInbox())).isSameAs(plain);
    }

    @Test
    void idempotentWithoutAnInboxStopsTheStartNamingTheFix() {
        assertThatThrownBy(() -> InboxMethods.wrap(method("once"), withoutInbox()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Consumers.once is @Idempotent, which needs an inbox; register"
                        + " JdbcPlugin.create().withOutbox() or PostgresqlPlugin.create().withOutbox()");
    }

    @Test
    void idempotentOnAMethodThatCompletesLaterIsRefused() {
        assertThatThrownBy(() -> InboxMethods.wrap(method("later"), withInbox(new java.util.ArrayList<>())))
                .hasMessageContaining("Consumers.later is @Idempotent but returns a CompletionStage");
    }

    @Test
    void aRecordIsAppliedOnceByItsEventIdWhereverItArrives() throws Throwable {
        final List<String> seen = new java.util.ArrayList<>();
        final IncomingMethod once = InboxMethods.wrap(method("once"), withInbox(seen));
        final Consumers bean = new Consumers();
        final InboundMessage first = record(7, "event-1");
        final InboundMessage again = record(9, "event-1"); // sent again: a new offset
        for (final InboundMessage record : List.of(first, again)) {
            ScopedValue.where(InboxMethods.MESSAGE, record).call(() -> {
                try {
                    return once.handle().invoke(bean, "value");
                } catch (final Throwable e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        assertThat(bean.applied).hasValue(1);
        assertThat(seen).containsExactly("event-1");
    }

    @Test
    void aMessageWithoutAnEventIdIsKnownByItsConnectorsPositionalId() {
        assertThat(InboxMethods.messageId(new Delivered(41, Optional.empty()))).isEqualTo("topic-id-0@41");
        assertThat(InboxMethods.messageId(new Delivered(41, Optional.of(""))))
                .as("an empty id is none")
                .isEqualTo("topic-id-0@41");
        assertThat(InboxMethods.messageId(record(1, "abc"))).isEqualTo("abc");
    }

    @Test
    void anEventIdLongerThanTheInboxKeepsIsThePayloadsFault() {
        assertThat(InboxMethods.messageId(record(1, "x".repeat(InboxMethods.MAX_ID_LENGTH))))
                .hasSize(255);
        assertThatThrownBy(() -> InboxMethods.messageId(record(1, "x".repeat(256))))
                .isInstanceOf(PayloadException.class)
                .hasMessage("the message's jzenith-event-id header is 256 characters long; the inbox keeps ids of at"
                        + " most 255 (send a shorter id, such as a UUID, or none: the message is then known by its"
                        + " position)");
    }

    @Test
    void anEventIdOfAnythingButVisibleAsciiIsThePayloadsFault() {
        assertThat(InboxMethods.messageId(record(1, "01J9Z3-order:42/v1@shop"))).isEqualTo("01J9Z3-order:42/v1@shop");
        for (final String bad : new String[] {"with space", "line\nbreak", "nul\u0000", "\u00fcber", "tab\t"}) {
            assertThatThrownBy(() -> InboxMethods.messageId(record(1, bad)))
                    .isInstanceOf(PayloadException.class)
                    .hasMessageContaining("is not a visible ASCII character")
                    .hasMessageNotContaining(bad);
        }
    }

    private static InboundMessage record(final long offset, final String eventId) {
        return new Delivered(offset, Optional.of(eventId));
    }
}
