package org.jzenith.core.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PasswordHashingTest {

    private final PasswordHashing hashing = PasswordHashing.pbkdf2(PasswordHashing.MIN_ITERATIONS);

    @Test
    void aHashMatchesItsPasswordOnly() {
        final String stored = hashing.hash("correct horse".toCharArray());

        assertThat(hashing.matches("correct horse".toCharArray(), stored)).isTrue();
        assertThat(hashing.matches("correct hors".toCharArray(), stored)).isFalse();
        assertThat(hashing.matches("".toCharArray(), stored)).isFalse();
    }

    @Test
    void eachHashHasItsOwnSaltAndCarriesItsCost() {
        final String first = hashing.hash("same".toCharArray());
        final String second = hashing.hash("same".toCharArray());

        assertThat(first).isNotEqualTo(second).startsWith("$pbkdf2-sha256$i=1000$");
        assertThat(PasswordHashing.pbkdf2(2_000).matches("same".toCharArray(), first))
                .as("a hash is checked at its own cost, not the current default")
                .isTrue();
    }

    @Test
    void anEmptyPasswordCanBeHashedAndChecked() {
        final String stored = hashing.hash(new char[0]);

        assertThat(hashing.matches(new char[0], stored)).isTrue();
        assertThat(hashing.matches("x".toCharArray(), stored)).isFalse();
    }

    @Test
    void whatIsNotAHashMatchesNothing() {
        for (final String stored : new String[] {
            "",
            "plain",
            "$pbkdf2-sha256$i=1000$",
            "$pbkdf2-sha256$i=x$AA$AA",
            "$pbkdf2-sha256$i=1000$!!$AA",
            "$pbkdf2-sha256$i=99999999$AAAA$" + "A".repeat(43)
        }) {
            assertThat(PasswordHashing.isWellFormed(stored)).as(stored).isFalse();
            assertThat(hashing.matches("plain".toCharArray(), stored))
                    .as(stored)
                    .isFalse();
        }
        assertThat(PasswordHashing.isWellFormed(hashing.hash("x".toCharArray())))
                .isTrue();
    }

    @Test
    void burningMatchesNothingAndTooFewIterationsAreRefused() {
        hashing.burn("anything".toCharArray());

        assertThat(PasswordHashing.pbkdf2().iterations()).isEqualTo(600_000);
        assertThatThrownBy(() -> PasswordHashing.pbkdf2(999)).hasMessageContaining("between 1000 and");
    }
}
