package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * {@code commit-strategy}, SmallRye's setting, per channel against a real broker: {@code latest}
 * commits after every record (the group's offset, read with an admin client, moves past each record
 * as it is done, and the broker sees one commit per record), {@code throttled}, the default, carries a
 * burst of records in fewer commits than records.
 */
class CommitStrategyIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int BURST = 200;

    private final Inbox inbox = new Inbox();
    private final String texts = Topics.unique("texts");
    private final String group = Topics.unique("group");
    private final Topics topics = new Topics(KAFKA.bootstrapServers());
    private final Admin admin =
            Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()));
    private final List<JZenith> apps = new ArrayList<>();

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
        topics.close();
        admin.close();
    }

    private void start(final Map<String, String> settings) throws Exception {
        JZenith app = JZenith.application()
                .withPlugins(KafkaPlugin.withConsumers(TestConsumers.class))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", group)
                .withConfiguration("kafka.channels.texts.topic", texts)
                .withConfiguration("kafka.channels.orders.topic", Topics.unique("orders"));
        for (final Map.Entry<String, String> setting : settings.entrySet()) {
            app = app.withConfiguration(setting.getKey(), setting.getValue());
        }
        apps.add(app);
        app.start();
    }

    @Test
    void latestCommitsEachRecordAsSoonAsItIsDone() throws Exception {
        topics.create(texts, 1);
        final Queue<CompletableFuture<Void>> handed = new ConcurrentLinkedQueue<>();
        inbox.answer = record -> {
            final CompletableFuture<Void> answer = new CompletableFuture<>();
            handed.add(answer);
            return answer;
        };
        topics.sendMany(texts, 0, 5, i -> "k", i -> "text-" + i);
        start(Map.of("kafka.channels.texts.commit-strategy", "latest"));

        for (long done = 1; done <= 5; done++) {
            Await.until(WAIT, "a record is handed to the method", () -> !handed.isEmpty());
            handed.poll().complete(null);
            final long expected = done;
            Await.until(WAIT, "the group's offset moves past record " + (done - 1), () -> committed() == expected);
        }
        inbox.answer = record -> CompletableFuture.completedFuture(null);
        topics.sendMany(texts, 5, BURST, i -> "k", i -> "text-" + i);

        Await.until(WAIT, "the burst is committed", () -> committed() == 5L + BURST);
        Await.until(WAIT, "the broker recorded the last commit", () -> commits().contains(5L + BURST));
        assertThat(commits())
                .as("one commit per record, in order")
                .containsExactlyElementsOf(
                        LongStream.rangeClosed(1, 5 + BURST).boxed().toList());
    }

    @Test
    void throttledTheDefaultCommitsABurstInFewerCommits() throws Exception {
        topics.create(texts, 1);
        topics.sendMany(texts, 0, BURST, i -> "k", i -> "text-" + i);
        start(Map.of());

        Await.until(WAIT, "the burst is committed", () -> committed() == BURST);
        Await.until(WAIT, "the broker recorded the last commit", () -> commits().contains((long) BURST));
        final List<Long> commits = commits();
        assertThat(commits)
                .as("ascending, ending at the burst's end")
                .isSorted()
                .endsWith((long) BURST);
        assertThat(commits.size())
                .as("commits for %d records: %s", BURST, commits)
                .isLessThan(BURST);
    }

    /** The group's commits for the topic's partition, in the order the broker wrote them. */
    private List<Long> commits() {
        return CommitLog.of(KAFKA.bootstrapServers(), group, new TopicPartition(texts, 0));
    }

    /** The offset the group committed for the topic's partition, read with an admin client; 0 while none. */
    private long committed() {
        try {
            final Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get(10, TimeUnit.SECONDS);
            return Optional.ofNullable(offsets.get(new TopicPartition(texts, 0)))
                    .map(OffsetAndMetadata::offset)
                    .orElse(0L);
        } catch (final java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("Reading the offsets of group " + group + " failed", e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
