package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.examples.users.persistence.PostgresqlUserDao;
import org.jzenith.examples.users.service.User;
import org.jzenith.examples.users.service.UserDao;
import org.jzenith.examples.users.service.UserService;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestResponse;
import org.jzenith.test.services.LocalServices;

/**
 * The user service with {@code user.store=postgresql}: the same resources and service layer on the
 * reactive {@link PostgresqlUserDao}, against the machine's PostgreSQL.
 */
class UserServiceReactivePostgresqlIT extends UserApiContract {

    private static final LocalServices.Database DATABASE = PostgresqlDatabases.fresh("user_service_pg_it");

    @RegisterExtension
    static final JZenithExtension APP =
            PostgresqlDatabases.onReactiveStore(JZenithExtension.of(UserServiceApplication::application), DATABASE);

    @Override
    protected JZenithExtension app() {
        return APP;
    }

    @Override
    protected String databaseCheck() {
        return "postgresql";
    }

    @Test
    void runsOnTheReactiveDaoWithoutTheJdbcPlugin() {
        assertThat(APP.application().instance(UserDao.class)).isInstanceOf(PostgresqlUserDao.class);
        final TestResponse health = APP.client().get("/health/ready");
        assertThat(health.body()).contains("\"name\":\"postgresql\"").doesNotContain("\"name\":\"jdbc\"");
    }

    @Test
    void readsBackWhatItWroteToTheMicrosecond() throws Exception {
        final User created = APP.application().instance(UserService.class).create("Katherine Johnson");
        final Optional<User> read = APP.application()
                .instance(UserDao.class)
                .find(created.id())
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        assertThat(read).contains(created);
        assertThat(APP.application()
                        .instance(UserDao.class)
                        .find(UUID.randomUUID())
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS))
                .isEmpty();
    }

    @Test
    void keepsItsUsersAcrossARestart() {
        final String id = APP.client()
                .post("/users", Map.of("name", "Grace Hopper"))
                .json()
                .get("id")
                .asText();

        APP.stop();
        APP.start();

        assertThat(APP.client().get("/users/" + id).json().get("name").asText()).isEqualTo("Grace Hopper");
        assertThat(PostgresqlDatabases.userIds(DATABASE)).contains(id);
    }

    @Test
    void servesConcurrentRequests() throws InterruptedException {
        final int writers = 8;
        final Thread[] threads = new Thread[writers];
        final String prefix = "concurrent-" + UUID.randomUUID() + "-";
        final Queue<Integer> statuses = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < writers; i++) {
            final int writer = i;
            threads[i] = Thread.ofVirtual().start(() -> {
                for (int j = 0; j < 25; j++) {
                    statuses.add(APP.client()
                            .post("/users", Map.of("name", prefix + writer + "-" + j))
                            .status());
                }
            });
        }
        for (final Thread thread : threads) {
            assertThat(thread.join(Duration.ofSeconds(60))).isTrue();
        }
        assertThat(statuses).hasSize(writers * 25).containsOnly(201);
        final long total =
                APP.client().get("/users?limit=1").json().get("total").asLong();
        assertThat(total).isGreaterThanOrEqualTo(writers * 25L);
    }

    @Override
    protected boolean storeRefusesNul() {
        return true;
    }
}
