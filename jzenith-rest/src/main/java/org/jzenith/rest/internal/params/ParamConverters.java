package org.jzenith.rest.internal.params;

import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Optional;

/**
 * The application's {@link ParamConverterProvider}s, asked at start-up, in registration order, for
 * a converter of each parameter type; the first that gives one converts that parameter's values.
 * A value its converter rejects (by throwing, or by returning {@code null}) is a 400 naming the
 * parameter. Immutable.
 */
public final class ParamConverters {

    private static final ParamConverters NONE = new ParamConverters(List.of(), false);

    /**
     * Stands in for providers not made yet: claims every type, so that checking the resources
     * before anything starts does not refuse a type a provider will convert. The real providers
     * decide when the server starts.
     */
    private static final ParamConverters ANY_TYPE = new ParamConverters(List.of(), true);

    private final List<ParamConverterProvider> providers;
    private final boolean anyType;

    private ParamConverters(final List<ParamConverterProvider> providers, final boolean anyType) {
        this.providers = List.copyOf(providers);
        this.anyType = anyType;
    }

    public static ParamConverters none() {
        return NONE;
    }

    public static ParamConverters of(final List<ParamConverterProvider> providers) {
        return providers.isEmpty() ? NONE : new ParamConverters(providers, false);
    }

    /** For the check before anything starts, when the application registers converter providers. */
    public static ParamConverters anyType() {
        return ANY_TYPE;
    }

    Optional<ConvertedType> find(final Class<?> rawType, final Type genericType, final Annotation[] annotations) {
        if (anyType) {
            return Optional.of(new ConvertedType(rawType, raw -> raw, "a value"));
        }
        for (final ParamConverterProvider provider : providers) {
            final ParamConverter<?> converter = provider.getConverter(rawType, genericType, annotations);
            if (converter != null) {
                return Optional.of(new ConvertedType(rawType, convert(converter), ValueKinds.of(rawType)));
            }
        }
        return Optional.empty();
    }

    private static Converter convert(final ParamConverter<?> converter) {
        return raw -> {
            try {
                final Object value = converter.fromString(raw);
                return value == null ? Converter.FAILED : value;
            } catch (final RuntimeException e) {
                // The application's converter says no the only way the API lets it: by throwing.
                return Converter.FAILED;
            }
        };
    }
}
