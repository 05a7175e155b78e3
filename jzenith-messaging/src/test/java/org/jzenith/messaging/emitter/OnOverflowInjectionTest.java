package org.jzenith.messaging.emitter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.AbstractModule;
import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Module;
import com.google.inject.matcher.Matchers;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.UnsupportedMessaging;

/**
 * {@code @OnOverflow} as Guice wires it: the bound reaches the channel's one emitter from a field without
 * {@code @Inject} and from a constructor parameter, and two different bounds for one channel stop the
 * injector naming both members.
 */
class OnOverflowInjectionTest {

    /** A sender as the Quarkus guides write one: a field without {@code @Inject}. */
    public static class FieldSender {
        @Channel("names")
        @OnOverflow(value = OnOverflow.Strategy.FAIL, bufferSize = 3)
        Emitter<String> names;
    }

    /** The same bound, through a constructor. */
    public static class ConstructorSender {
        final Emitter<String> names;

        @jakarta.inject.Inject
        public ConstructorSender(
                @Channel("names") @OnOverflow(value = OnOverflow.Strategy.FAIL, bufferSize = 3)
                        final Emitter<String> names) {
            this.names = names;
        }
    }

    /** Another bound for the same channel. */
    public static class DroppingSender {
        @Channel("names")
        @OnOverflow(OnOverflow.Strategy.DROP)
        Emitter<String> names;
    }

    private static final UnsupportedMessaging.Declared DECLARED =
            UnsupportedMessaging.Declared.emitters(Map.of("names", String.class));
    private static final Outbound NEVER_CONFIRMS = message -> new CompletableFuture<>();

    private static Module messaging(final Class<?>... eager) {
        return new AbstractModule() {
            @Override
            protected void configure() {
                bindListener(
                        Matchers.any(),
                        new ChannelFields(
                                DECLARED,
                                List.of(),
                                new UnsupportedMessaging.Registration(
                                        "Plugin.withConsumers", "Plugin...withEmitter", "Plugin...withStream")));
                ChannelEmitters.bind(binder(), "names", String.class, injector -> NEVER_CONFIRMS);
                for (final Class<?> type : eager) {
                    bind(type).asEagerSingleton();
                }
            }
        };
    }

    @Test
    void theBoundOfAFieldWithoutInjectOrAConstructorParameterReachesTheChannelsEmitter() {
        final Injector injector = Guice.createInjector(messaging(FieldSender.class, ConstructorSender.class));
        final Emitter<String> field = injector.getInstance(FieldSender.class).names;
        assertThat(field).isSameAs(injector.getInstance(ConstructorSender.class).names);

        for (int i = 0; i < 3; i++) {
            field.send("n" + i);
        }
        assertThatThrownBy(() -> field.send("n3"))
                .isInstanceOf(EmitterOverflowException.class)
                .hasMessageContaining("3 sends are waiting")
                .hasMessageContaining("@OnOverflow(FAIL, bufferSize=3) on ");
    }

    @Test
    void twoDifferentBoundsForOneChannelStopTheInjectorNamingBoth() {
        assertThatThrownBy(() -> Guice.createInjector(messaging(FieldSender.class, DroppingSender.class)))
                .isInstanceOf(CreationException.class)
                .hasMessageContaining("DroppingSender.names has @OnOverflow(DROP, bufferSize=128), but"
                        + " @OnOverflow(FAIL, bufferSize=3) on FieldSender.names for the same channel 'names'");
    }
}
