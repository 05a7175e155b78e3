package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.redis.client.RedisClientType;
import io.vertx.redis.client.RedisOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.test.Configurations;

class RedisConfigurationTest {

    @Test
    void hasTheDocumentedDefaults() {
        final RedisConfiguration configuration = Configurations.read(RedisConfiguration.class, Map.of());

        assertThat(configuration.connectionString()).isEmpty();
        assertThat(configuration.type()).isEqualTo(RedisClientType.STANDALONE);
        assertThat(configuration.masterName()).isEqualTo("mymaster");
        assertThat(configuration.password()).isEmpty();
        assertThat(configuration.pool().size()).isEqualTo(8);
        assertThat(configuration.pool().maxWaiting()).isEqualTo(1024);
        assertThat(configuration.connectTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(configuration.commandTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(configuration.maxWaitingHandlers()).isEqualTo(2048);
        assertThat(configuration.keyPrefix()).isEmpty();
    }

    @Test
    void readsEveryKey() {
        final RedisConfiguration configuration = Configurations.read(
                RedisConfiguration.class,
                Map.of(
                        "redis.connection-string", "redis://a:26379,redis://b:26379",
                        "redis.type", "sentinel",
                        "redis.master-name", "cache",
                        "redis.password", "secret",
                        "redis.pool.size", "3",
                        "redis.pool.max-waiting", "10",
                        "redis.connect-timeout", "250ms",
                        "redis.command-timeout", "500ms",
                        "redis.max-waiting-handlers", "16",
                        "redis.key-prefix", "users:"));

        assertThat(configuration.connectionString()).contains("redis://a:26379,redis://b:26379");
        assertThat(configuration.type()).isEqualTo(RedisClientType.SENTINEL);
        assertThat(configuration.masterName()).isEqualTo("cache");
        assertThat(configuration.password()).contains("secret");
        assertThat(configuration.pool().size()).isEqualTo(3);
        assertThat(configuration.pool().maxWaiting()).isEqualTo(10);
        assertThat(configuration.connectTimeout()).isEqualTo(Duration.ofMillis(250));
        assertThat(configuration.commandTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(configuration.maxWaitingHandlers()).isEqualTo(16);
        assertThat(configuration.keyPrefix()).contains("users:");
    }

    @Test
    void anUnknownTypeIsReportedWithTheKey() {
        assertThatThrownBy(() -> Configurations.read(RedisConfiguration.class, Map.of("redis.type", "galaxy")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("redis.type");
    }

    @Test
    void theTargetBecomesTheClientsOptions() {
        final RedisOptions options = target(Map.of(
                        "redis.connection-string", "redis://a:26379, redis://b:26379",
                        "redis.type", "sentinel",
                        "redis.master-name", "cache",
                        "redis.password", "secret",
                        "redis.pool.size", "3",
                        "redis.pool.max-waiting", "10",
                        "redis.connect-timeout", "250ms",
                        "redis.max-waiting-handlers", "16"))
                .options();

        assertThat(options.getEndpoints()).containsExactly("redis://a:26379", "redis://b:26379");
        assertThat(options.getType()).isEqualTo(RedisClientType.SENTINEL);
        assertThat(options.getMasterName()).isEqualTo("cache");
        assertThat(options.getPassword()).isEqualTo("secret");
        assertThat(options.getMaxPoolSize()).isEqualTo(3);
        assertThat(options.getMaxPoolWaiting()).isEqualTo(10);
        assertThat(options.getMaxWaitingHandlers()).isEqualTo(16);
        assertThat(options.getPoolName()).isEqualTo("redis");
        assertThat(options.getNetClientOptions().getConnectTimeout()).isEqualTo(250);
    }

    @Test
    void everyInvalidValueIsReportedAtOnce() {
        assertThatThrownBy(() -> target(Map.of(
                        "redis.connection-string", "http://:hunter2@cache:6379",
                        "redis.pool.size", "0",
                        "redis.pool.max-waiting", "-1",
                        "redis.max-waiting-handlers", "0",
                        "redis.connect-timeout", "5ms",
                        "redis.command-timeout", "0s")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("The configuration has 5 problems:")
                .hasMessageContaining(
                        "redis.pool.size (code (withConfiguration)): \"0\" is not valid: expected 1 to 1000")
                .hasMessageContaining(
                        "redis.pool.max-waiting (code (withConfiguration)): \"-1\" is not valid: expected at least 0")
                .hasMessageContaining(
                        "redis.max-waiting-handlers (code (withConfiguration)): \"0\" is not valid: expected at least 1")
                .hasMessageContaining(
                        "redis.connect-timeout (code (withConfiguration)): \"5ms\" is not valid: expected a duration of 10ms to 10m")
                .hasMessageContaining("redis.command-timeout (code (withConfiguration)): \"0s\" is not valid")
                .message()
                .doesNotContain("hunter2");
        assertThat(RedisTarget.problems(Configurations.read(
                        RedisConfiguration.class, Map.of("redis.connection-string", "http://:hunter2@cache:6379"))))
                .singleElement()
                .satisfies(problem -> {
                    assertThat(problem.key()).isEqualTo("redis.connection-string");
                    assertThat(problem.expected()).startsWith("redis://").doesNotContain("hunter2");
                });
    }

    @Test
    void severalServersNeedATypeThatTakesSeveral() {
        assertThatThrownBy(() -> target(Map.of("redis.connection-string", "redis://a:6379,redis://b:6379")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected one server for redis.type=standalone, not 2");
        assertThat(target(Map.of("redis.connection-string", "redis://a:6379,redis://b:6379", "redis.type", "cluster"))
                        .endpoints())
                .hasSize(2);
    }

    @Test
    void aPathMustBeADatabaseNumber() {
        assertThat(target(Map.of("redis.connection-string", "redis://cache:6379/3"))
                        .endpoints())
                .containsExactly("redis://cache:6379/3");
        assertThatThrownBy(() -> target(Map.of("redis.connection-string", "redis://cache:6379/users")))
                .hasMessageContaining("expected a database number as the path of redis://cache:6379/users");
        assertThat(target(Map.of("redis.connection-string", "unix:///run/redis.sock"))
                        .endpoints())
                .containsExactly("unix:///run/redis.sock");
    }

    @Test
    void showsItselfWithoutPasswords() {
        final RedisTarget target = target(Map.of(
                "redis.connection-string", "redis://app:url-secret@cache:6379/0", "redis.password", "config-secret"));

        assertThat(target.describe()).isEqualTo("redis.connection-string=redis://app:****@cache:6379/0");
        assertThat(target.toString()).isEqualTo(target.describe());
        assertThat(target.mask("AUTH failed for redis://app:url-secret@cache:6379/0 with config-secret and url-secret"))
                .isEqualTo("AUTH failed for redis://app:****@cache:6379/0 with **** and ****");
        assertThat(List.of(target.describe(), target.displayEndpoints())).noneMatch(text -> text.contains("secret"));
    }

    private static RedisTarget target(final Map<String, String> values) {
        return RedisTarget.of(Configurations.read(RedisConfiguration.class, values));
    }
}
