package org.jzenith.examples.users.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.examples.users.UserServiceApplication;

class RedisStoreChecksTest {

    @Test
    void aClusterWithoutAHashTagInTheKeyPrefixStopsStartUpBeforeAnythingIsCreated() {
        assertThatThrownBy(() -> UserServiceApplication.application(
                                "--user.store=redis",
                                "--redis.type=cluster",
                                "--redis.connection-string=redis://127.0.0.1:1,redis://127.0.0.1:2",
                                "--redis.key-prefix=users:")
                        .start())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("redis.key-prefix")
                .hasMessageContaining("{users}:");
    }

    @Test
    void aHashTagIsANonEmptyPairOfBraces() {
        assertThat(RedisStoreChecks.hasHashTag("{users}:")).isTrue();
        assertThat(RedisStoreChecks.hasHashTag("app:{u}:")).isTrue();
        assertThat(RedisStoreChecks.hasHashTag("users:")).isFalse();
        assertThat(RedisStoreChecks.hasHashTag("{}:")).isFalse();
        assertThat(RedisStoreChecks.hasHashTag("}{")).isFalse();
    }
}
