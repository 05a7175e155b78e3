package org.jzenith.messaging.spi;

import java.lang.annotation.Annotation;
import org.eclipse.microprofile.reactive.messaging.Channel;

/**
 * {@code @Channel("name")} as a value, for the Guice key of an emitter: equal to the annotation
 * written on an injection point, as {@link Annotation} says annotations are equal.
 *
 * <pre>{@code
 * Key.get(new TypeLiteral<Emitter<Order>>() {}, new ChannelLiteral("orders"));
 * }</pre>
 */
@SuppressWarnings("ClassExplicitlyAnnotation")
public final class ChannelLiteral implements Channel {

    private final String value;

    /** {@code @Channel(value)}. */
    public ChannelLiteral(final String value) {
        this.value = value;
    }

    @Override
    public String value() {
        return value;
    }

    @Override
    public Class<? extends Annotation> annotationType() {
        return Channel.class;
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof Channel channel && channel.value().equals(value);
    }

    @Override
    public int hashCode() {
        return (127 * "value".hashCode()) ^ value.hashCode();
    }

    @Override
    public String toString() {
        return "@" + Channel.class.getName() + "(\"" + value + "\")";
    }
}
