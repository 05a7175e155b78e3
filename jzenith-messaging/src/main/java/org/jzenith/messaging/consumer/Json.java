package org.jzenith.messaging.consumer;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.google.inject.Binding;
import com.google.inject.Injector;
import com.google.inject.Key;

/** The JSON mapper payloads are read and written with. */
public final class Json {

    private Json() {}

    /**
     * The application's {@link ObjectMapper} where it binds one; otherwise one with {@code Optional}
     * and {@code java.time} support that ignores unknown fields (a consumer keeps working when the
     * producer adds one).
     */
    public static ObjectMapper of(final Injector injector) {
        final Binding<ObjectMapper> bound = injector.getExistingBinding(Key.get(ObjectMapper.class));
        return bound != null ? bound.getProvider().get() : standard();
    }

    public static ObjectMapper standard() {
        return JsonMapper.builder()
                .addModule(new Jdk8Module())
                .addModule(new JavaTimeModule())
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .build();
    }
}
