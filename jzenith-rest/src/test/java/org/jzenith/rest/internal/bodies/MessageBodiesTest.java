package org.jzenith.rest.internal.bodies;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.MessageBodyWriter;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Jakarta REST 3.1, §4.2.3: "Select the set of MessageBodyWriter providers that support the object
 * and media type ... Sort ... with a primary key of generic type where providers whose generic type
 * is the nearest superclass of the object class are sorted first and a secondary key of media type
 * ... If step 5 locates one or more suitable MessageBodyWriter's that are equal with respect to the
 * sorting in step 4, then select the one with the highest priority"; §4.2.4: "An implementation MUST
 * NOT use an entity provider for a media type that is not supported by that provider", and x/y &lt;
 * x/* &lt; *}{@code /*. §4.2.2 for readers: the media type, then the highest priority.
 */
class MessageBodiesTest {

    static class Animal {}

    static class Dog extends Animal {}

    /** Writes its name, so that the test sees which writer wrote. */
    abstract static class Named<T> implements MessageBodyWriter<T>, MessageBodyReader<T> {
        @Override
        public boolean isWriteable(
                final Class<?> type, final Type generic, final Annotation[] annotations, final MediaType mediaType) {
            return true;
        }

        @Override
        public void writeTo(
                final T value,
                final Class<?> type,
                final Type generic,
                final Annotation[] annotations,
                final MediaType mediaType,
                final MultivaluedMap<String, Object> headers,
                final OutputStream out)
                throws java.io.IOException {
            out.write(getClass().getSimpleName().getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public boolean isReadable(
                final Class<?> type, final Type generic, final Annotation[] annotations, final MediaType mediaType) {
            return true;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T readFrom(
                final Class<T> type,
                final Type generic,
                final Annotation[] annotations,
                final MediaType mediaType,
                final MultivaluedMap<String, String> headers,
                final InputStream in) {
            return (T) getClass().getSimpleName();
        }
    }

    @Produces("application/json")
    @Consumes("application/json")
    static class JsonObjects extends Named<Object> {}

    static class AnyObjects extends Named<Object> {}

    static class Animals extends Named<Animal> {}

    static class Dogs extends Named<Dog> {}

    @Produces("text/plain")
    @Consumes("text/plain")
    static class PlainObjects extends Named<Object> {}

    @Produces("text/*")
    @Consumes("text/*")
    static class TextObjects extends Named<Object> {}

    @Priority(100)
    static class UrgentObjects extends Named<Object> {}

    private static String written(final MessageBodies bodies, final Object value, final MediaType mediaType) {
        return bodies.write(value, value.getClass(), mediaType, new MultivaluedHashMap<>())
                .map(buffer -> buffer.toString(StandardCharsets.UTF_8))
                .orElse("none");
    }

    private static Object read(final MessageBodies bodies, final MediaType mediaType) {
        return bodies.read(String.class, String.class, mediaType, java.util.Map.of(), new byte[0])
                .orElse("none");
    }

    @Test
    void aWriterIsNeverUsedForAMediaTypeItsProducesExcludes() {
        final MessageBodies bodies = MessageBodies.of(List.of(new JsonObjects()));

        assertThat(written(bodies, "x", MediaType.TEXT_PLAIN_TYPE)).isEqualTo("none");
        assertThat(written(bodies, "x", MediaType.APPLICATION_JSON_TYPE)).isEqualTo("JsonObjects");
    }

    @Test
    void theWriterOfTheNearestSuperclassWinsWhateverTheOrder() {
        final MessageBodies bodies = MessageBodies.of(List.of(new AnyObjects(), new Animals(), new Dogs()));

        assertThat(written(bodies, new Dog(), MediaType.APPLICATION_JSON_TYPE)).isEqualTo("Dogs");
        assertThat(written(bodies, new Animal(), MediaType.APPLICATION_JSON_TYPE))
                .isEqualTo("Animals");
        assertThat(written(bodies, "x", MediaType.APPLICATION_JSON_TYPE)).isEqualTo("AnyObjects");
    }

    @Test
    void forTheSameTypeTheMostSpecificMediaTypeWins() {
        final MessageBodies bodies = MessageBodies.of(List.of(new AnyObjects(), new TextObjects(), new PlainObjects()));

        assertThat(written(bodies, "x", MediaType.TEXT_PLAIN_TYPE)).isEqualTo("PlainObjects");
        assertThat(written(bodies, "x", MediaType.TEXT_HTML_TYPE)).isEqualTo("TextObjects");
        assertThat(written(bodies, "x", MediaType.APPLICATION_JSON_TYPE)).isEqualTo("AnyObjects");
    }

    @Test
    void forEqualTypeAndMediaTypeTheHighestPriorityWins() {
        final MessageBodies bodies = MessageBodies.of(List.of(new AnyObjects(), new UrgentObjects()));

        assertThat(written(bodies, "x", MediaType.APPLICATION_JSON_TYPE)).isEqualTo("UrgentObjects");
    }

    @Test
    void readersAreChosenByMediaTypeThenPriority() {
        final MessageBodies bodies =
                MessageBodies.of(List.of(new AnyObjects(), new JsonObjects(), new TextObjects(), new PlainObjects()));

        assertThat(read(bodies, MediaType.APPLICATION_JSON_TYPE)).isEqualTo("JsonObjects");
        assertThat(read(bodies, MediaType.TEXT_PLAIN_TYPE)).isEqualTo("PlainObjects");
        assertThat(read(bodies, MediaType.APPLICATION_XML_TYPE)).isEqualTo("AnyObjects");
        assertThat(read(MessageBodies.of(List.of(new AnyObjects(), new UrgentObjects())), MediaType.TEXT_PLAIN_TYPE))
                .isEqualTo("UrgentObjects");
    }
}
