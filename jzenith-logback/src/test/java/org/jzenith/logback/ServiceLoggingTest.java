package org.jzenith.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ServiceLoggingTest {

    @Test
    void aJsonLineHoldsTheFormattedMessageAndTheKeyValuePairs() throws Exception {
        final LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter());
        final var encoder = ServiceLogging.jsonLines();
        encoder.setContext(context);
        encoder.start();
        final LoggingEvent event = new LoggingEvent(
                "test", context.getLogger("jzenith.access"), Level.INFO, "GET {} {}", null, new Object[] {"/users", 200
                });
        event.addKeyValuePair(new org.slf4j.event.KeyValuePair("route", "/users/{id}"));

        final String line = new String(encoder.encode(event), StandardCharsets.UTF_8);

        assertThat(line).endsWith("\n").doesNotContain("\n{");
        final JsonNode json = new ObjectMapper().readTree(line);
        assertThat(json.path("formattedMessage").asText()).isEqualTo("GET /users 200");
        assertThat(json.path("loggerName").asText()).isEqualTo("jzenith.access");
        assertThat(json.path("level").asText()).isEqualTo("INFO");
        assertThat(json.path("kvpList").toString()).contains("\"route\":\"/users/{id}\"");
        assertThat(json.has("arguments")).isFalse();
        assertThat(json.has("sequenceNumber")).isFalse();
    }

    @Test
    void textIsTheDefaultFormat() {
        assertThat(System.getProperty("log.format")).isNull();
        assertThat(ServiceLogging.format()).isIn("text", System.getenv().getOrDefault("LOG_FORMAT", "text"));
    }
}
