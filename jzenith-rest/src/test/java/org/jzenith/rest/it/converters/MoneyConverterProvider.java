package org.jzenith.rest.it.converters;

import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;

/** Written as Jersey and Dropwizard applications write converter providers: one per type they know. */
@Provider
public class MoneyConverterProvider implements ParamConverterProvider {

    private static final DateTimeFormatter GERMAN = DateTimeFormatter.ofPattern("dd.MM.yyyy");

    @Override
    @SuppressWarnings("unchecked")
    public <T> ParamConverter<T> getConverter(
            final Class<T> rawType, final Type genericType, final Annotation[] annotations) {
        if (rawType == Money.class) {
            return (ParamConverter<T>) new ParamConverter<Money>() {
                @Override
                public Money fromString(final String value) {
                    final String currency = value.substring(value.length() - 3);
                    return new Money(new BigDecimal(value.substring(0, value.length() - 3)), currency);
                }

                @Override
                public String toString(final Money value) {
                    return value.amount() + value.currency();
                }
            };
        }
        if (rawType == LocalDate.class) {
            return (ParamConverter<T>) new ParamConverter<LocalDate>() {
                @Override
                public LocalDate fromString(final String value) {
                    return LocalDate.parse(value, GERMAN);
                }

                @Override
                public String toString(final LocalDate value) {
                    return GERMAN.format(value);
                }
            };
        }
        return null;
    }
}
