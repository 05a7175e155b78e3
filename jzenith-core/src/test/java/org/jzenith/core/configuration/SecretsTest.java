package org.jzenith.core.configuration;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    @Test
    void keysNamingAPassphraseAreSecret() {
        assertThat(Secrets.isSecret("kafka.client.sasl.oauthbearer.assertion.private.key.passphrase"))
                .isTrue();
        assertThat(Secrets.isSecret("rest.tls.key-passphrase")).isTrue();
        assertThat(Secrets.isSecret("kafka.client.ssl.truststore.certificates")).isTrue();
        assertThat(Secrets.isSecret("kafka.client.ssl.keystore.certificate.chain"))
                .isTrue();
        assertThat(Secrets.isSecret("kafka.client.sasl.oauthbearer.assertion.private.key.file"))
                .isFalse();
    }

    @Test
    void passwordsInsideValuesAreMaskedAndTheRestStaysReadable() {
        final Map<String, String> masked = new LinkedHashMap<>();
        masked.put("postgresql://app:s3cret@db:5432/app", "postgresql://app:****@db:5432/app");
        masked.put("redis://:s3cret@cache:6379/0", "redis://:****@cache:6379/0");
        masked.put("rediss://default:s3cret@cache:6380", "rediss://default:****@cache:6380");
        masked.put("redis://s3cret@cache:6379", "redis://****@cache:6379");
        masked.put("amqp://app:p@ss@broker:5672/vhost", "amqp://app:****@broker:5672/vhost");
        masked.put("redis://:a1@h1:6379,redis://:b2@h2:6379", "redis://:****@h1:6379,redis://:****@h2:6379");
        masked.put(
                "jdbc:postgresql://db/app?user=app&password=s3cret&ssl=true",
                "jdbc:postgresql://db/app?user=app&password=****&ssl=true");
        masked.put(
                "jdbc:postgresql://db/app?sslmode=verify-full&sslpassword=s3cret",
                "jdbc:postgresql://db/app?sslmode=verify-full&sslpassword=****");
        masked.put(
                "jdbc:mariadb://db:3306/app?user=app&PASSWORD=s3cret",
                "jdbc:mariadb://db:3306/app?user=app&PASSWORD=****");
        masked.put(
                "jdbc:mysql://db/app?password1=a1&password2=b2", "jdbc:mysql://db/app?password1=****&password2=****");
        masked.put(
                "jdbc:h2:file:./data/app;USER=sa;PASSWORD=s3cret;MODE=PostgreSQL",
                "jdbc:h2:file:./data/app;USER=sa;PASSWORD=****;MODE=PostgreSQL");
        masked.put(
                "jdbc:sqlserver://db;user=app;pwd=s3cret;encrypt=true",
                "jdbc:sqlserver://db;user=app;pwd=****;encrypt=true");
        masked.put("jdbc:oracle:thin:scott/tiger@db:1521/svc", "jdbc:oracle:thin:scott/****@db:1521/svc");
        masked.put(
                "https://api.example.com/v1?access_token=abc123&page=2",
                "https://api.example.com/v1?access_token=****&page=2");
        masked.put(
                "PlainLoginModule required username=\"app\" password=\"s3cret\";",
                "PlainLoginModule required username=\"app\" password=\"****\";");
        masked.forEach((value, shown) -> {
            assertThat(Secrets.maskUrl(value)).as(value).isEqualTo(shown);
            assertThat(Secrets.display("any.url", value)).as(value).isEqualTo(shown);
            assertThat(Secrets.carriesSecret(value)).as(value).isTrue();
            assertThat(Secrets.carriesSecret(shown)).as("masked: " + shown).isFalse();
        });
    }

    @Test
    void valuesWithoutAPasswordAreShownAsTheyAre() {
        for (final String value : List.of(
                "postgresql://app@db:5432/app",
                "postgresql://db:5432/app?user=app",
                "postgresql://app:@db/app",
                "redis://cache:6379/0",
                "http://[::1]:8080/path?q=1",
                "jdbc:postgresql://db/app?sslpasswordcallback=org.example.Callback",
                "jdbc:postgresql://db/app?password=",
                "jdbc:h2:mem:test;MODE=PostgreSQL",
                "https://id.example.com/.well-known/jwks.json",
                "https://auth.example.com/oauth2/token",
                "10s",
                "0.0.0.0")) {
            assertThat(Secrets.maskUrl(value)).as(value).isEqualTo(value);
            assertThat(Secrets.carriesSecret(value)).as(value).isFalse();
        }
    }
}
