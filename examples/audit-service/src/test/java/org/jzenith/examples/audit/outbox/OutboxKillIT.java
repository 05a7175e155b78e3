package org.jzenith.examples.audit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.PrivateKafka;

/**
 * The user service, publishing through the outbox on its embedded H2, SIGKILLed four times under a
 * write load and started again: a kill lands before the commit of the requests in flight (their rows
 * and events roll back together), after commits whose events the relay has not sent yet (sent after
 * the restart), and, when it falls between the broker's acknowledgement and the relay's mark, after
 * the send (sent again, dropped by the audit service's inbox). The kills fall where the load puts
 * them; the test prints how many records the broker got more than once, the trace of the third kind.
 * At the end every committed user has exactly one applied event and no other user has one.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OutboxKillIT {

    @RegisterExtension
    @Order(1)
    static final PrivateKafka KAFKA = PrivateKafka.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension AUDIT = AuditUnderTest.of(KAFKA);

    private static final int KILLS = 4;

    @Test
    void everyCommittedUserHasExactlyOneEventAfterKillsUnderLoad() throws Exception {
        final Path folder = Files.createTempDirectory("outbox-kill");
        // WRITE_DELAY=0: H2 writes each commit to the file at once; its default (500 ms) would lose
        // committed rows to a SIGKILL, which is what this test does.
        final String url = "jdbc:h2:file:" + folder.resolve("users")
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;WRITE_DELAY=0";
        final UserServiceProcess users = UserServiceProcess.of(
                folder.resolve("user-service.log"),
                "jdbc.url=" + url,
                "jdbc.username=sa",
                "kafka.bootstrap-servers=" + KAFKA.bootstrapServers());
        users.start();
        final Set<String> acknowledged;
        final OutboxChecks.Load load = new OutboxChecks.Load(8, () -> users);
        try (load) {
            for (int kill = 0; kill < KILLS; kill++) {
                Thread.sleep(1000 + ThreadLocalRandom.current().nextInt(2000));
                users.kill();
                users.start();
            }
            Thread.sleep(1000);
        } finally {
            acknowledged = load.acknowledged();
        }
        final Set<String> stored;
        try {
            Thread.sleep(500);
            // Read while it runs: H2's file may be opened by one process at a time, with AUTO_SERVER off.
            users.stop();
            stored = OutboxChecks.users(url, "sa", "");
            users.start();
            OutboxChecks.awaitAudited(AUDIT, stored, Duration.ofSeconds(90));
        } finally {
            users.stop();
        }
        OutboxChecks.assertExactlyOnce(stored, OutboxChecks.audited(AUDIT), acknowledged);
        assertThat(acknowledged.size()).as("the load wrote users").isGreaterThan(100);
        final OutboxChecks.AtTheBroker broker = OutboxChecks.atTheBroker(KAFKA.bootstrapServers());
        assertThat(broker.distinct()).as("distinct events at the broker").isEqualTo(stored.size());
        System.out.printf(
                "OutboxKillIT: %d kills, %d users stored (%d acknowledged, %d requests failed), %d records at the"
                        + " broker, %d sent again after a kill between send and mark%n",
                KILLS,
                stored.size(),
                acknowledged.size(),
                load.refused(),
                broker.records(),
                broker.records() - broker.distinct());
    }
}
