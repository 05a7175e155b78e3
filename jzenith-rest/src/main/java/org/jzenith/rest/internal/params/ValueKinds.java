package org.jzenith.rest.internal.params;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Currency;
import java.util.Locale;
import java.util.Map;

/**
 * What a client must send for a parameter of a type converted from text, in words a client reads
 * ("an ISO-8601 date such as 2026-11-24"), never the Java type's name: that says nothing to an API
 * caller and names the service's internals. A type of the application's own is "a valid value".
 */
final class ValueKinds {

    private static final Map<Class<?>, String> KNOWN = Map.ofEntries(
            Map.entry(LocalDate.class, "an ISO-8601 date such as 2026-11-24"),
            Map.entry(LocalDateTime.class, "an ISO-8601 date and time such as 2026-11-24T10:15:30"),
            Map.entry(LocalTime.class, "an ISO-8601 time such as 10:15:30"),
            Map.entry(OffsetDateTime.class, "an ISO-8601 date and time with an offset such as 2026-11-24T10:15:30Z"),
            Map.entry(ZonedDateTime.class, "an ISO-8601 date and time with a zone such as 2026-11-24T10:15:30Z"),
            Map.entry(Instant.class, "an ISO-8601 instant such as 2026-11-24T10:15:30Z"),
            Map.entry(Duration.class, "an ISO-8601 duration such as PT15M"),
            Map.entry(Period.class, "an ISO-8601 period such as P1D"),
            Map.entry(BigDecimal.class, "a decimal number"),
            Map.entry(BigInteger.class, "a whole number"),
            Map.entry(URI.class, "a URI"),
            Map.entry(URL.class, "a URL"),
            Map.entry(ZoneId.class, "a time zone such as Europe/Berlin"),
            Map.entry(Currency.class, "an ISO 4217 currency code such as EUR"),
            Map.entry(Locale.class, "a language tag such as en-GB"));

    private ValueKinds() {}

    static String of(final Class<?> type) {
        return KNOWN.getOrDefault(type, "a valid value");
    }
}
