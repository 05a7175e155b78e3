package org.jzenith.core.configuration;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecretsTest {

    @Test
    void theOtlpExportersHeadersAreSecretForEverySignalAndSpelling() {
        assertThat(Secrets.display("otel.exporter.otlp.headers", "api-key=abc123"))
                .isEqualTo(Secrets.MASK);
        assertThat(Secrets.display("otel.exporter.otlp.traces.headers", "authorization=Bearer abc"))
                .isEqualTo(Secrets.MASK);
        assertThat(Secrets.isSecret("OTEL.EXPORTER.OTLP.HEADERS")).isTrue();
    }

    @Test
    void otherHeaderListsAndOtelKeysAreShown() {
        assertThat(Secrets.display("rest.cors.headers", "X-Trace")).isEqualTo("X-Trace");
        assertThat(Secrets.display("otel.exporter.otlp.endpoint", "http://collector:4318"))
                .isEqualTo("http://collector:4318");
    }

    @Test
    void kafkasLoginLineAndInlinePrivateKeyAreSecretUnderAnyPrefix() {
        assertThat(
                        Secrets.display(
                                "kafka.client.sasl.jaas.config",
                                "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"a\" password=\"b\";"))
                .isEqualTo(Secrets.MASK);
        assertThat(Secrets.isSecret("kafka.client.ssl.keystore.key")).isTrue();
        assertThat(Secrets.isSecret("sasl.jaas.config")).isTrue();
        assertThat(Secrets.isSecret("kafka.client.ssl.keystore.type")).isFalse();
        assertThat(Secrets.isSecret("kafka.client.sasl.mechanism")).isFalse();
    }
}
