package org.jzenith.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Map;
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
    void linesLoggedThroughJavaUtilLoggingReachTheAppenders() {
        final LoggerContext context = (LoggerContext) org.slf4j.LoggerFactory.getILoggerFactory();
        final ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> received =
                new ch.qos.logback.core.read.ListAppender<>();
        received.setContext(context);
        received.start();
        final ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.addAppender(received);
        try {
            java.util.logging.Logger.getLogger("io.opentelemetry.sdk.test").warning("Failed to export spans");
            java.util.logging.Logger.getLogger("io.opentelemetry.sdk.test").fine("below the root level");
        } finally {
            root.detachAppender(received);
        }

        assertThat(received.list)
                .extracting(ch.qos.logback.classic.spi.ILoggingEvent::getFormattedMessage)
                .containsExactly("Failed to export spans");
        assertThat(received.list.getFirst().getLevel()).isEqualTo(Level.WARN);
        assertThat(java.util.logging.Logger.getLogger("io.opentelemetry.sdk.test")
                        .isLoggable(java.util.logging.Level.FINE))
                .isFalse();
    }

    /** Read from a given property and environment: the test's own LOG_FORMAT cannot change the answer. */
    @Test
    void textIsTheDefaultFormat() {
        assertThat(ServiceLogging.format(name -> null, name -> null)).isEqualTo("text");
    }

    @Test
    void logFormatChoosesTheFormatAndThePropertyWinsOverTheEnvironment() {
        final Map<String, String> environment = Map.of("LOG_FORMAT", "JSON");
        assertThat(ServiceLogging.format(name -> null, environment::get)).isEqualTo("json");
        assertThat(ServiceLogging.format(Map.of("log.format", "text")::get, environment::get))
                .isEqualTo("text");
    }
}
