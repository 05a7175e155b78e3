package org.jzenith.rest.internal.sse;

import jakarta.ws.rs.core.GenericType;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import java.lang.reflect.Type;
import java.util.Optional;

/**
 * One server-sent event, as {@link Builder} makes it. Immutable.
 *
 * @param id the {@code id:} field, if any
 * @param name the {@code event:} field, if any
 * @param comment a comment line, if any
 * @param reconnectDelay the {@code retry:} field in milliseconds, {@link #RECONNECT_NOT_SET} for none
 * @param data the {@code data:}, written as text, or as JSON when the media type is JSON
 * @param type the data's type
 * @param mediaType the data's media type
 */
record OutboundEvent(
        Optional<String> id,
        Optional<String> name,
        Optional<String> comment,
        long reconnectDelay,
        Optional<Object> data,
        Type type,
        MediaType mediaType)
        implements OutboundSseEvent {

    @Override
    public String getId() {
        return id.orElse(null);
    }

    @Override
    public String getName() {
        return name.orElse(null);
    }

    @Override
    public String getComment() {
        return comment.orElse(null);
    }

    @Override
    public long getReconnectDelay() {
        return reconnectDelay;
    }

    @Override
    public boolean isReconnectDelaySet() {
        return reconnectDelay != RECONNECT_NOT_SET;
    }

    @Override
    public Class<?> getType() {
        return type instanceof Class<?> raw ? raw : new GenericType<>(type).getRawType();
    }

    @Override
    public Type getGenericType() {
        return type;
    }

    @Override
    public MediaType getMediaType() {
        return mediaType;
    }

    @Override
    public Object getData() {
        return data.orElse(null);
    }

    /** The builder {@code Sse.newEventBuilder()} hands out; data is text unless a media type says otherwise. */
    static final class Builder implements OutboundSseEvent.Builder {

        private Optional<String> id = Optional.empty();
        private Optional<String> name = Optional.empty();
        private Optional<String> comment = Optional.empty();
        private long reconnectDelay = RECONNECT_NOT_SET;
        private Optional<Object> data = Optional.empty();
        private Type type = String.class;
        private MediaType mediaType = MediaType.TEXT_PLAIN_TYPE;

        @Override
        public Builder id(final String value) {
            id = Optional.ofNullable(value);
            return this;
        }

        @Override
        public Builder name(final String value) {
            name = Optional.ofNullable(value);
            return this;
        }

        @Override
        public Builder reconnectDelay(final long milliseconds) {
            reconnectDelay = milliseconds < 0 ? RECONNECT_NOT_SET : milliseconds;
            return this;
        }

        @Override
        public Builder mediaType(final MediaType value) {
            mediaType = value == null ? MediaType.TEXT_PLAIN_TYPE : value;
            return this;
        }

        @Override
        public Builder comment(final String value) {
            comment = Optional.ofNullable(value);
            return this;
        }

        @Override
        @SuppressWarnings("rawtypes") // the API's own signature
        public Builder data(final Class declared, final Object value) {
            type = declared;
            data = Optional.ofNullable(value);
            return this;
        }

        @Override
        @SuppressWarnings("rawtypes") // the API's own signature
        public Builder data(final GenericType declared, final Object value) {
            type = declared.getType();
            data = Optional.ofNullable(value);
            return this;
        }

        @Override
        public Builder data(final Object value) {
            type = value == null ? Object.class : value.getClass();
            data = Optional.ofNullable(value);
            return this;
        }

        @Override
        public OutboundSseEvent build() {
            if (data.isEmpty() && comment.isEmpty()) {
                throw new IllegalStateException("An event needs data or a comment");
            }
            return new OutboundEvent(id, name, comment, reconnectDelay, data, type, mediaType);
        }
    }
}
