package org.jzenith.core.spi.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatementVerbTest {

    @Test
    void isTheFirstKeywordInUpperCase() {
        assertThat(StatementVerb.of("select id from users where id = $1")).isEqualTo("SELECT");
        assertThat(StatementVerb.of("  \n INSERT INTO users VALUES (?)")).isEqualTo("INSERT");
        assertThat(StatementVerb.of("(SELECT 1) UNION (SELECT 2)")).isEqualTo("SELECT");
        assertThat(StatementVerb.of("WITH recent AS (SELECT 1) SELECT * FROM recent"))
                .isEqualTo("WITH");
    }

    @Test
    void isEmptyWhenTheTextDoesNotStartWithAWord() {
        assertThat(StatementVerb.of("")).isEmpty();
        assertThat(StatementVerb.of("   ")).isEmpty();
        assertThat(StatementVerb.of("-- a comment\nSELECT 1")).isEmpty();
    }

    @Test
    void takesNoMoreThanAWordsWorth() {
        assertThat(StatementVerb.of("x".repeat(1000))).hasSize(16);
    }
}
