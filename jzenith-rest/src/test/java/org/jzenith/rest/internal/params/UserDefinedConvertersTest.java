package org.jzenith.rest.internal.params;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.jzenith.rest.internal.params.Readers.invalid;
import static org.jzenith.rest.internal.params.Readers.read;
import static org.jzenith.rest.internal.params.Readers.reader;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class UserDefinedConvertersTest {

    /** Has every kind of factory; valueOf must win. */
    public record ValueOfType(String how) {
        public static ValueOfType valueOf(final String raw) {
            if (raw.equals("bad")) {
                throw new IllegalArgumentException("bad");
            }
            return new ValueOfType("valueOf:" + raw);
        }

        public static ValueOfType fromString(final String raw) {
            return new ValueOfType("fromString:" + raw);
        }

        public static ValueOfType parse(final String raw) {
            return new ValueOfType("parse:" + raw);
        }
    }

    /** fromString wins over the constructor and parse. */
    public record FromStringType(String how) {
        public static FromStringType fromString(final String raw) {
            if (raw.isEmpty()) {
                throw new IllegalStateException("empty");
            }
            return new FromStringType("fromString:" + raw);
        }

        public static FromStringType parse(final CharSequence raw) {
            return new FromStringType("parse:" + raw);
        }
    }

    /** A String constructor wins over parse. */
    public static final class ConstructorType {
        private final int length;

        public ConstructorType(final String raw) {
            if (raw.length() > 3) {
                throw new IllegalArgumentException("too long");
            }
            this.length = raw.length();
        }

        public static ConstructorType parse(final String raw) {
            throw new AssertionError("parse must not be used for " + raw);
        }

        int length() {
            return length;
        }
    }

    /** Only parse(CharSequence). */
    public record ParseType(CharSequence text) {
        public static ParseType parse(final CharSequence raw) {
            if (raw.charAt(0) != '#') {
                throw new IllegalArgumentException("no #");
            }
            return new ParseType(raw.toString());
        }
    }

    /** Signals bad input with null. */
    public record NullReturningType(String text) {
        public static NullReturningType valueOf(final String raw) {
            return raw.equals("null") ? null : new NullReturningType(raw);
        }
    }

    /** A valueOf that does not return the type, and an instance fromString: neither counts, the constructor does. */
    public static final class WrongFactoriesType {
        private final String text;

        public WrongFactoriesType(final String text) {
            this.text = text;
        }

        public static String valueOf(final String raw) {
            return raw;
        }

        public WrongFactoriesType fromString(final String raw) {
            return new WrongFactoriesType("fromString:" + raw);
        }

        String text() {
            return text;
        }
    }

    /** An enum with fromString: that wins over the constant names. */
    public enum Coded {
        ASCENDING,
        DESCENDING;

        public static Coded fromString(final String raw) {
            return switch (raw) {
                case "a" -> ASCENDING;
                case "d" -> DESCENDING;
                default -> throw new IllegalArgumentException(raw);
            };
        }
    }

    /** Errors are not about the input, so they are not turned into invalid bindings. */
    public record ErrorType(String text) {
        public static ErrorType valueOf(final String raw) {
            throw new OutOfMemoryError("simulated for " + raw);
        }
    }

    /** Not public, so its public factory cannot be used. */
    record HiddenType(String text) {
        public static HiddenType valueOf(final String raw) {
            return new HiddenType(raw);
        }
    }

    @Test
    void valueOfComesFirst() {
        assertThat(read(ValueOfType.class, "x")).isEqualTo(new ValueOfType("valueOf:x"));
        assertThat(invalid(ValueOfType.class, "bad"))
                .isEqualTo("query parameter 'p': expected a valid value, got \"bad\"");
    }

    @Test
    void fromStringComesSecond() {
        assertThat(read(FromStringType.class, "x")).isEqualTo(new FromStringType("fromString:x"));
        assertThat(invalid(FromStringType.class, "")).contains("expected a valid value");
    }

    @Test
    void constructorComesThird() {
        assertThat(read(ConstructorType.class, "abc"))
                .isInstanceOfSatisfying(ConstructorType.class, value -> assertThat(value.length())
                        .isEqualTo(3));
        assertThat(invalid(ConstructorType.class, "abcd"))
                .isEqualTo("query parameter 'p': expected a valid value, got \"abcd\"");
    }

    @Test
    void parseComesLast() {
        assertThat(read(ParseType.class, "#1")).isEqualTo(new ParseType("#1"));
        assertThat(invalid(ParseType.class, "1")).contains("expected a valid value");
        assertThat(invalid(ParseType.class, "")).contains("expected a valid value"); // charAt throws
    }

    @Test
    void javaTimeTypesUseParse() {
        assertThat(read(LocalDate.class, "2024-05-01")).isEqualTo(LocalDate.of(2024, 5, 1));
        assertThat(read(Instant.class, "2024-05-01T10:15:30Z")).isEqualTo(Instant.parse("2024-05-01T10:15:30Z"));
        assertThat(read(Duration.class, "PT15M")).isEqualTo(Duration.ofMinutes(15));
        assertThat(invalid(LocalDate.class, "yesterday"))
                .isEqualTo("query parameter 'p': expected an ISO-8601 date such as 2026-11-24, got \"yesterday\"");
        assertThat(invalid(Instant.class, "now"))
                .isEqualTo(
                        "query parameter 'p': expected an ISO-8601 instant such as 2026-11-24T10:15:30Z, got \"now\"");
        assertThat(invalid(Duration.class, "15 minutes")).contains("expected an ISO-8601 duration such as PT15M");
    }

    @Test
    void jdkTypesWithStringConstructors() {
        assertThat(read(BigDecimal.class, "1.50")).isEqualTo(new BigDecimal("1.50"));
        assertThat(invalid(BigDecimal.class, "1,50")).contains("expected a decimal number");
        assertThat(read(URI.class, "https://example.com/a")).isEqualTo(URI.create("https://example.com/a"));
        // The constructor throws the checked URISyntaxException.
        assertThat(invalid(URI.class, "a b")).isEqualTo("query parameter 'p': expected a URI, got \"a b\"");
    }

    @Test
    void nullFromAFactoryIsInvalid() {
        assertThat(read(NullReturningType.class, "x")).isEqualTo(new NullReturningType("x"));
        assertThat(invalid(NullReturningType.class, "null")).contains("expected a valid value");
        assertThat(invalid(new TypeRef<Optional<NullReturningType>>() {}.type(), "null"))
                .contains("expected a valid value");
        assertThat(invalid(new TypeRef<List<NullReturningType>>() {}.type(), "x", "null"))
                .isEqualTo("query parameter 'p' (value 2 of 2): expected a valid value, got \"null\"");
    }

    @Test
    void factoriesOfTheWrongShapeAreIgnored() {
        assertThat(read(WrongFactoriesType.class, "x"))
                .isInstanceOfSatisfying(WrongFactoriesType.class, value -> assertThat(value.text())
                        .isEqualTo("x"));
    }

    @Test
    void enumFromStringWinsOverConstantNames() {
        assertThat(read(Coded.class, "d")).isEqualTo(Coded.DESCENDING);
        assertThat(invalid(Coded.class, "DESCENDING"))
                .isEqualTo("query parameter 'p': expected a valid value, got \"DESCENDING\"");
    }

    @Test
    void userTypesInContainers() {
        assertThat(read(new TypeRef<Optional<LocalDate>>() {}.type(), "2024-01-02"))
                .isEqualTo(Optional.of(LocalDate.of(2024, 1, 2)));
        assertThat(read(new TypeRef<List<Coded>>() {}.type(), "a", "d"))
                .isEqualTo(List.of(Coded.ASCENDING, Coded.DESCENDING));
    }

    @Test
    void errorsPropagate() {
        final ValueReader reader = reader(ErrorType.class);
        assertThatExceptionOfType(OutOfMemoryError.class).isThrownBy(() -> reader.read(List.of("x")));
    }

    @Test
    void inaccessibleTypesAreUnsupported() {
        assertThat(ValueReaders.forType(HiddenType.class, Optional.empty(), Readers.QUERY))
                .isEmpty();
    }
}
