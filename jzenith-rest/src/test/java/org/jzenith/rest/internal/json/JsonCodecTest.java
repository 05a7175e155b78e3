package org.jzenith.rest.internal.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class JsonCodecTest {

    private final JsonCodec json = JsonCodec.create();

    record Message(String message) {}

    @Test
    void aSmallBodyIsWrittenWhole() throws JsonProcessingException {
        final ObjectWriter writer = json.writerFor(Message.class);

        assertThat(JsonCodec.write(writer, new Message("Hello, World!")).toString())
                .isEqualTo("{\"message\":\"Hello, World!\"}");
    }

    @Test
    void aBodyLargerThanJacksonsOwnBufferArrivesInFull() throws JsonProcessingException {
        // Jackson flushes every 8 KB, so this body reaches the stream in several writes.
        final List<Message> many = IntStream.range(0, 5_000)
                .mapToObj(i -> new Message("message " + i))
                .toList();
        final ObjectWriter writer = json.mapper().writer();

        assertThat(JsonCodec.write(writer, many).getBytes()).isEqualTo(writer.writeValueAsBytes(many));
    }

    @Test
    void whatJacksonCannotSerializeIsReportedAsSuch() {
        final Map<String, Object> selfReferencing = new HashMap<>();
        selfReferencing.put("self", selfReferencing);

        assertThatThrownBy(() -> JsonCodec.write(json.mapper().writer(), selfReferencing))
                .isInstanceOf(JsonProcessingException.class);
    }
}
