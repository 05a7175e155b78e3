package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;

/**
 * In the test profile without kafka.bootstrap-servers the plugin starts a broker of its own, under
 * the dev services' folder, and stops it (and deletes its data) with the application.
 */
class DevServiceIT {

    @Test
    void theTestProfileWithoutBrokersStartsALocalOneAndStopsItWithTheApplication() throws Exception {
        final Path folder = Path.of("target", "dev-services-it").toAbsolutePath();
        final Inbox inbox = new Inbox();
        final KafkaPlugin plugin =
                KafkaPlugin.withConsumers(TestConsumers.class).withEmitter("orders", Order.class);
        final JZenith app = JZenith.application()
                .withPlugins(plugin)
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .withConfiguration("jzenith.profile", "test")
                .withConfiguration("jzenith.dev-services.directory", folder.toString())
                .withConfiguration("kafka.group-id", Topics.unique("group"))
                .start();
        final long pid;
        try {
            pid = plugin.devServicePid().orElseThrow();
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).contains(true);
            try (var kafkaFolders = Files.list(folder)) {
                assertThat(kafkaFolders.map(path -> path.getFileName().toString()))
                        .anyMatch(name -> name.startsWith("kafka-"));
            }
            final Emitter<Order> emitter = app.injector()
                    .getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")));
            emitter.send(new Order("dev-1", 1)).toCompletableFuture().get(30, TimeUnit.SECONDS);
            Await.until(Duration.ofSeconds(60), "the order arrives", () -> !inbox.orders.isEmpty());
        } finally {
            app.stop();
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .isFalse();
        assertThat(plugin.devServicePid()).isEmpty();
        try (var kafkaFolders = Files.list(folder)) {
            assertThat(kafkaFolders.map(path -> path.getFileName().toString()))
                    .noneMatch(name -> name.startsWith("kafka-"));
        }
    }

    @Test
    void theDevProfileKeepsTheBrokersDataForTheNextStart() throws Exception {
        final Path folder =
                Path.of("target", "dev-services-it-" + Topics.unique("dev")).toAbsolutePath();
        final Inbox first = new Inbox();
        final JZenith before = devApplication(folder, first);
        try {
            final Emitter<Order> emitter = before.injector()
                    .getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")));
            emitter.send(new Order("kept", 1)).toCompletableFuture().get(30, TimeUnit.SECONDS);
        } finally {
            before.stop();
        }

        final Inbox second = new Inbox();
        final JZenith after = devApplication(folder, second);
        try {
            Await.until(
                    Duration.ofSeconds(60),
                    "the order of the first run arrives",
                    () -> second.orders.contains(new Order("kept", 1)));
        } finally {
            after.stop();
            org.jzenith.core.store.DevServices.delete(folder);
        }
    }

    /**
     * Two services started in one folder in the dev profile: the second found the first broker's
     * remembered ports taken, picked new ones and deleted the data folder the running broker used.
     */
    @Test
    void aSecondServiceInTheSameFolderIsToldToUseTheRunningBrokerAndDeletesNothing() throws Exception {
        final Path folder =
                Path.of("target", "dev-services-it-" + Topics.unique("shared")).toAbsolutePath();
        final Inbox first = new Inbox();
        final JZenith running = devApplication(folder, first);
        try {
            assertThatThrownBy(() -> devApplication(folder, new Inbox()))
                    .hasMessageContaining("kafka.bootstrap-servers=127.0.0.1:")
                    .hasMessageContaining("delete " + folder);
            final Emitter<Order> emitter = running.injector()
                    .getInstance(Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders")));
            emitter.send(new Order("still-there", 1)).toCompletableFuture().get(30, TimeUnit.SECONDS);
            Await.until(
                    Duration.ofSeconds(60),
                    "the running broker still delivers",
                    () -> first.orders.contains(new Order("still-there", 1)));
            assertThat(folder.resolve("kafka").resolve("data").resolve("meta.properties"))
                    .exists();
        } finally {
            running.stop();
            org.jzenith.core.store.DevServices.delete(folder);
        }
    }

    private static JZenith devApplication(final Path folder, final Inbox inbox) {
        return JZenith.application()
                .withPlugins(KafkaPlugin.withConsumers(TestConsumers.class).withEmitter("orders", Order.class))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .withConfiguration("jzenith.profile", "dev")
                .withConfiguration("jzenith.dev-services.directory", folder.toString())
                .withConfiguration("kafka.group-id", Topics.unique("group"))
                .start();
    }
}
