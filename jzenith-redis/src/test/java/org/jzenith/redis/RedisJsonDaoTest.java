package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RedisJsonDaoTest {

    @Test
    void prefixesAreMatchedLiterallyBySCAN() {
        assertThat(RedisJsonDao.glob("user:")).isEqualTo("user:");
        assertThat(RedisJsonDao.glob("a*b?c[d]e\\f")).isEqualTo("a\\*b\\?c\\[d\\]e\\\\f");
    }
}
