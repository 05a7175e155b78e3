package org.jzenith.rest.internal.invoke;

import jakarta.ws.rs.core.MediaType;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.Set;

/**
 * The media type of each element of a stream sent as server-sent events, as Quarkus's
 * {@code @RestStreamElementType} (and RESTEasy classic's {@code @SseElementType}) say it: recognised
 * by name, so that resources written for those run unchanged without their jars. Read once at
 * start-up.
 */
final class StreamElementType {

    private static final Set<String> NAMES = Set.of(
            "org.jboss.resteasy.reactive.RestStreamElementType", "org.jboss.resteasy.annotations.SseElementType");

    private StreamElementType() {}

    /**
     * The element type {@code method} (or its class) declares; empty when neither does.
     *
     * @throws IllegalArgumentException when the annotation's value is not a media type
     */
    static Optional<MediaType> of(final Method method) {
        return declared(method.getAnnotations())
                .or(() -> declared(method.getDeclaringClass().getAnnotations()));
    }

    private static Optional<MediaType> declared(final Annotation[] annotations) {
        for (final Annotation annotation : annotations) {
            if (NAMES.contains(annotation.annotationType().getName())) {
                final String value;
                try {
                    value = (String)
                            annotation.annotationType().getMethod("value").invoke(annotation);
                } catch (final ReflectiveOperationException | ClassCastException e) {
                    throw new IllegalArgumentException(
                            "@" + annotation.annotationType().getSimpleName() + " has no readable value: " + e, e);
                }
                try {
                    return Optional.of(MediaType.valueOf(value));
                } catch (final IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            "@" + annotation.annotationType().getSimpleName() + "(\"" + value
                                    + "\") is not a media type",
                            e);
                }
            }
        }
        return Optional.empty();
    }
}
