package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.store.DevServices;
import org.jzenith.test.Configurations;

/** When the Redis dev service applies, and what it says when redis-server is missing. */
class RedisDevServiceTest {

    private static Optional<RedisDevService> devService(final String profile, final Map<String, String> redis) {
        final Map<String, String> core = new HashMap<>();
        if (!profile.isEmpty()) {
            core.put("jzenith.profile", profile);
        }
        return RedisDevService.of(
                Configurations.read(CoreConfiguration.class, core),
                Configurations.read(RedisConfiguration.class, redis));
    }

    @Test
    void appliesInDevAndTestWithoutAConnectionString() {
        assertThat(devService("dev", Map.of())).isPresent();
        assertThat(devService("test", Map.of())).isPresent();
    }

    @Test
    void neverAppliesInProdNorWithoutAProfile() {
        assertThat(devService("prod", Map.of())).isEmpty();
        assertThat(devService("", Map.of())).isEmpty();
        assertThat(RedisTarget.of(Configurations.read(RedisConfiguration.class, Map.of()))
                        .endpoints())
                .as("today's default")
                .containsExactly("redis://127.0.0.1:6379");
    }

    @Test
    void aConnectionStringOrAnotherTypeOrTheSwitchTurnItOff() {
        assertThat(devService("dev", Map.of("redis.connection-string", "redis://cache:6379")))
                .isEmpty();
        assertThat(devService("dev", Map.of("redis.type", "cluster"))).isEmpty();
        assertThat(RedisDevService.of(
                        Configurations.read(
                                CoreConfiguration.class,
                                Map.of("jzenith.profile", "dev", "jzenith.dev-services.enabled", "false")),
                        Configurations.read(RedisConfiguration.class, Map.of())))
                .isEmpty();
    }

    @Test
    void withoutRedisServerItSaysWhatToInstallOrSet() {
        final RedisDevService missing =
                new RedisDevService(new DevServices("dev", Path.of("target", "unused")), Optional.empty());
        assertThatThrownBy(() -> missing.start(Optional.empty()))
                .hasMessageStartingWith("redis.connection-string is not set: expected a Redis server")
                .hasMessageContaining("apt-get install redis-server")
                .hasMessageContaining("brew install redis")
                .hasMessageContaining("jzenith.dev-services.enabled=false");
    }
}
