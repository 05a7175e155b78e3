package org.jzenith.core.configuration;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Decides which configuration values are secret and masks them wherever a value would be shown:
 * in logs and in error messages. A key is secret when its last segment names a password, secret,
 * token, credential or private key, such as {@code jdbc.password} or {@code api.auth-token}; and
 * OpenTelemetry's exporter headers ({@code otel.exporter.otlp.headers}, {@code
 * otel.exporter.otlp.traces.headers}), which carry a collector's API key or authorization; and
 * the Kafka client's {@code sasl.jaas.config} and {@code ssl.keystore.key} under any prefix, which
 * hold a login's password and a private key in PEM form.
 *
 * <pre>{@code
 * log.info("Connecting to {}", Secrets.maskUrl(url));   // postgresql://app:****@db/app
 * }</pre>
 */
public final class Secrets {

    /** What a secret value is shown as. */
    public static final String MASK = "****";

    private static final Pattern SECRET_SEGMENT =
            Pattern.compile(".*(password|passwd|secret|token|credential|private-key|api-key|apikey).*");

    // The SDK's exporter headers, for every exporter and signal: where a collector's API key goes.
    private static final Pattern EXPORTER_HEADERS =
            Pattern.compile("otel\\.exporter\\.[a-z0-9_-]+(\\.[a-z0-9_-]+)?\\.headers");

    // Kafka's client settings whose last segment names no secret: a JAAS login line with its
    // password, and a keystore's private key given inline.
    private static final Pattern CLIENT_CREDENTIALS =
            Pattern.compile("(.*\\.)?(sasl\\.jaas\\.config|ssl\\.keystore\\.key)");

    // user:password@ in URLs, and password=... in JDBC-style parameters.
    private static final Pattern URL_USER_INFO = Pattern.compile("(//[^/:@?#]*:)[^/@?#]*@");
    private static final Pattern URL_PASSWORD_PARAMETER = Pattern.compile("(?i)((?:password|pwd|secret|token)=)[^&;]*");

    private Secrets() {}

    /** Whether the value of {@code key} must never be shown. */
    public static boolean isSecret(final String key) {
        final String lower = key.toLowerCase(Locale.ROOT);
        final String last = lower.substring(lower.lastIndexOf('.') + 1);
        return SECRET_SEGMENT.matcher(last).matches()
                || EXPORTER_HEADERS.matcher(lower).matches()
                || CLIENT_CREDENTIALS.matcher(lower).matches();
    }

    /** The value to show for {@code key}: the value itself, or {@link #MASK} for a secret. */
    public static String display(final String key, final String value) {
        return isSecret(key) ? MASK : maskUrl(value);
    }

    /** {@code url} with any password in it (user info or a password parameter) masked. */
    public static String maskUrl(final String url) {
        final String withoutUserInfo = URL_USER_INFO.matcher(url).replaceAll("$1" + MASK + "@");
        return URL_PASSWORD_PARAMETER.matcher(withoutUserInfo).replaceAll("$1" + MASK);
    }
}
