package org.jzenith.rest.internal.params;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.rest.internal.params.Readers.invalid;
import static org.jzenith.rest.internal.params.Readers.read;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BuiltInTypesTest {

    @Test
    void stringIsTakenAsIs() {
        assertThat(read(String.class, "hello world")).isEqualTo("hello world");
        assertThat(read(String.class, "")).isEqualTo("");
    }

    @Test
    void singleValuedParametersTakeTheFirstValue() {
        assertThat(read(String.class, "first", "second")).isEqualTo("first");
        assertThat(read(int.class, "1", "oops")).isEqualTo(1);
    }

    @Test
    void integers() {
        assertThat(read(int.class, "42")).isEqualTo(42);
        assertThat(read(Integer.class, "-42")).isEqualTo(-42);
        assertThat(read(int.class, "+7")).isEqualTo(7);
        assertThat(read(int.class, "007")).isEqualTo(7);
        assertThat(read(int.class, "2147483647")).isEqualTo(Integer.MAX_VALUE);
        assertThat(read(int.class, "-2147483648")).isEqualTo(Integer.MIN_VALUE);
        assertThat(read(long.class, "9223372036854775807")).isEqualTo(Long.MAX_VALUE);
        assertThat(read(Long.class, "-9223372036854775808")).isEqualTo(Long.MIN_VALUE);
        assertThat(read(short.class, "-32768")).isEqualTo(Short.MIN_VALUE);
        assertThat(read(Short.class, "32767")).isEqualTo(Short.MAX_VALUE);
        assertThat(read(byte.class, "-128")).isEqualTo(Byte.MIN_VALUE);
        assertThat(read(Byte.class, "127")).isEqualTo(Byte.MAX_VALUE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", "+", "ten", "1.5", "1e3", " 1", "1 ", "0x10", "--1", "+-1", "1_000", "١٢"})
    void malformedIntegersAreInvalid(final String raw) {
        assertThat(invalid(int.class, raw)).isEqualTo("query parameter 'p': expected an integer, got \"" + raw + "\"");
        assertThat(invalid(Long.class, raw)).isEqualTo("query parameter 'p': expected an integer, got \"" + raw + "\"");
    }

    @Test
    void integerOverflowIsInvalid() {
        assertThat(invalid(int.class, "99999999999"))
                .isEqualTo("query parameter 'p': expected an integer, got \"99999999999\"");
        assertThat(invalid(int.class, "2147483648")).contains("expected an integer");
        assertThat(invalid(int.class, "-2147483649")).contains("expected an integer");
        assertThat(invalid(long.class, "9223372036854775808")).contains("expected an integer");
        assertThat(invalid(long.class, "-9223372036854775809")).contains("expected an integer");
        assertThat(invalid(long.class, "99999999999999999999999")).contains("expected an integer");
        assertThat(invalid(short.class, "32768"))
                .isEqualTo("query parameter 'p': expected an integer from -32768 to 32767, got \"32768\"");
        assertThat(invalid(byte.class, "-129"))
                .isEqualTo("query parameter 'p': expected an integer from -128 to 127, got \"-129\"");
    }

    @Test
    void floatingPoint() {
        assertThat(read(double.class, "1.5")).isEqualTo(1.5d);
        assertThat(read(Double.class, "-2")).isEqualTo(-2d);
        assertThat(read(double.class, ".5")).isEqualTo(0.5d);
        assertThat(read(double.class, "5.")).isEqualTo(5d);
        assertThat(read(double.class, "+1.25E-3")).isEqualTo(0.00125d);
        assertThat(read(double.class, "1e308")).isEqualTo(1e308d);
        assertThat(read(float.class, "0.1")).isEqualTo(0.1f);
        assertThat(read(Float.class, "-3e2")).isEqualTo(-300f);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                ".",
                "-",
                "e5",
                "1e",
                "1e+",
                "1.2.3",
                "NaN",
                "Infinity",
                "-Infinity",
                "0x1p3",
                "1d",
                "1f",
                " 1",
                "1,5",
                "one"
            })
    void malformedFloatingPointIsInvalid(final String raw) {
        assertThat(invalid(double.class, raw)).isEqualTo("query parameter 'p': expected a number, got \"" + raw + "\"");
        assertThat(invalid(Float.class, raw)).isEqualTo("query parameter 'p': expected a number, got \"" + raw + "\"");
    }

    @Test
    void floatingPointOverflowIsInvalid() {
        assertThat(invalid(double.class, "1e309")).contains("expected a number");
        assertThat(invalid(float.class, "1e39")).contains("expected a number");
    }

    @Test
    void booleansAreStrict() {
        assertThat(read(boolean.class, "true")).isEqualTo(true);
        assertThat(read(Boolean.class, "FALSE")).isEqualTo(false);
        assertThat(read(boolean.class, "True")).isEqualTo(true);
        assertThat(invalid(boolean.class, "yes")).isEqualTo("query parameter 'p': expected true or false, got \"yes\"");
        assertThat(invalid(Boolean.class, "1")).contains("expected true or false");
        assertThat(invalid(boolean.class, "")).contains("expected true or false");
    }

    @Test
    void charactersAreExactlyOneCharacter() {
        assertThat(read(char.class, "x")).isEqualTo('x');
        assertThat(read(Character.class, " ")).isEqualTo(' ');
        assertThat(invalid(char.class, "xy")).isEqualTo("query parameter 'p': expected a single character, got \"xy\"");
        assertThat(invalid(Character.class, "")).contains("expected a single character");
    }

    @Test
    void uuids() {
        final UUID uuid = UUID.randomUUID();
        assertThat(read(UUID.class, uuid.toString())).isEqualTo(uuid);
        assertThat(read(UUID.class, uuid.toString().toUpperCase())).isEqualTo(uuid);
        assertThat(read(UUID.class, "00000000-0000-0000-0000-000000000000")).isEqualTo(new UUID(0, 0));
        assertThat(read(UUID.class, "ffffffff-ffff-ffff-ffff-ffffffffffff")).isEqualTo(new UUID(-1, -1));
        assertThat(read(UUID.class, "123e4567-e89b-12d3-a456-426614174000"))
                .isEqualTo(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "42",
                "",
                "123e4567e89b12d3a456426614174000",
                "123e4567-e89b-12d3-a456-42661417400",
                "123e4567-e89b-12d3-a456-4266141740000",
                "123e4567-e89b-12d3-a456_426614174000",
                "123e4567-e89b-12d3-a4560426614174000-",
                "123e4567-e89b-12d3-a456-42661417400g",
                "1-2-3-4-5",
                "123e45670-e89-b12d3-a456-426614174000"
            })
    void malformedUuidsAreInvalid(final String raw) {
        assertThat(invalid(UUID.class, raw)).isEqualTo("query parameter 'p': expected a UUID, got \"" + raw + "\"");
    }

    enum Sort {
        ASC,
        DESC
    }

    enum Ambiguous {
        Low,
        LOW,
        High
    }

    @Test
    void enumsByExactNameThenIgnoringCase() {
        assertThat(read(Sort.class, "ASC")).isEqualTo(Sort.ASC);
        assertThat(read(Sort.class, "desc")).isEqualTo(Sort.DESC);
        assertThat(read(Sort.class, "Desc")).isEqualTo(Sort.DESC);
        assertThat(read(Ambiguous.class, "Low")).isEqualTo(Ambiguous.Low);
        assertThat(read(Ambiguous.class, "LOW")).isEqualTo(Ambiguous.LOW);
        assertThat(read(Ambiguous.class, "high")).isEqualTo(Ambiguous.High);
    }

    @Test
    void unknownEnumConstantsAreInvalid() {
        assertThat(invalid(Sort.class, "up")).isEqualTo("query parameter 'p': expected one of [ASC, DESC], got \"up\"");
        assertThat(invalid(Sort.class, "")).contains("expected one of [ASC, DESC]");
        // "low" matches two constants ignoring case, so it names neither.
        assertThat(invalid(Ambiguous.class, "low")).contains("expected one of [Low, LOW, High]");
    }

    @Test
    void longRawValuesAreCutInMessages() {
        final String raw = "x".repeat(150);
        assertThat(invalid(int.class, raw))
                .isEqualTo("query parameter 'p': expected an integer, got \"" + "x".repeat(100) + "…\"");
    }

    @Test
    void cuttingNeverSplitsASurrogatePair() {
        final String raw = "x".repeat(99) + "😀" + "y".repeat(10);
        assertThat(InvalidMessage.echo(raw)).isEqualTo("x".repeat(99) + "…");
        assertThat(InvalidMessage.echo("x".repeat(100))).isEqualTo("x".repeat(100));
    }
}
