package org.jzenith.rabbitmq;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.time.Duration;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;

/**
 * A service run as users run theirs ({@code run()}, stopped by SIGTERM), for {@link
 * RabbitMqDevServiceIT}'s JVMs of their own: with {@code --jzenith.profile=dev} and no RabbitMQ
 * address it sends one order through the dev service's server and prints {@value #CONSUMED} once
 * its consumer took it.
 */
public final class DevServiceMain {

    /** What the service prints once the order went round. */
    static final String CONSUMED = "the order went through the dev service's RabbitMQ";

    private DevServiceMain() {}

    public static void main(final String... args) throws Exception {
        final Inbox inbox = new Inbox();
        final JZenith app = JZenith.application(args)
                .withPlugins(RabbitMqPlugin.withConsumers(TestConsumers.class).withEmitter("orders", Order.class))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .run();
        app.injector()
                .getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")))
                .send(Order.of("dev-1"))
                .toCompletableFuture()
                .get();
        Await.until(Duration.ofSeconds(60), "the order consumed", () -> !inbox.orders.isEmpty());
        System.out.println(CONSUMED);
    }
}
