package org.jzenith.core.configuration;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decides which configuration values are secret and masks them wherever a value would be shown:
 * in logs, in error messages, and in what jzenith-maven-plugin writes to a Kubernetes ConfigMap.
 *
 * <p>By key: a key is secret when its last segment names a password, passphrase, secret, token,
 * credential or private key, such as {@code jdbc.password} or {@code api.auth-token}; and
 * OpenTelemetry's exporter headers ({@code otel.exporter.otlp.headers}, {@code
 * otel.exporter.otlp.traces.headers}), which carry a collector's API key or authorization; and
 * every setting the Kafka client types as a password, under any prefix ({@code
 * kafka.client.sasl.jaas.config}, {@code ...ssl.keystore.key}, ...), whose names do not all say so.
 *
 * <p>By value: a value of any key may carry a password inside it, as a URL's user info ({@code
 * postgresql://app:pw@db/app}, {@code redis://:pw@host}) or a parameter ({@code
 * jdbc:mariadb://db/app?password=pw}, H2's {@code ;PASSWORD=pw}); {@link #maskUrl} shows such a value
 * with the password masked and the rest readable, and {@link #carriesSecret} tells whether it has one.
 *
 * <pre>{@code
 * log.info("Connecting to {}", Secrets.maskUrl(url));   // postgresql://app:****@db/app
 * }</pre>
 *
 * <p>This class uses the JDK only: jzenith-maven-plugin loads it without the rest of core's
 * dependencies, so that a manifest's Secret holds what the service masks, by the same rule.
 */
public final class Secrets {

    /** What a secret value is shown as. */
    public static final String MASK = "****";

    private static final Pattern SECRET_SEGMENT =
            Pattern.compile(".*(password|passwd|passphrase|secret|token|credential|private-key|api-key|apikey).*");

    // The SDK's exporter headers, for every exporter and signal: where a collector's API key goes.
    private static final Pattern EXPORTER_HEADERS =
            Pattern.compile("otel\\.exporter\\.[a-z0-9_-]+(\\.[a-z0-9_-]+)?\\.headers");

    // The Kafka client's password-typed settings whose last segment names no secret (Kafka masks
    // them itself): a JAAS login line with its password, a keystore's private key and certificate
    // chain and a truststore's certificates given inline. KafkaSecretKeysTest in jzenith-kafka
    // reads Kafka's own definitions, so that one Kafka adds fails the build until it is listed.
    private static final Pattern CLIENT_CREDENTIALS =
            Pattern.compile("(.*\\.)?(sasl\\.jaas\\.config|ssl\\.keystore\\.key|ssl\\.keystore\\.certificate\\.chain"
                    + "|ssl\\.truststore\\.certificates)");

    // user:password@ in a URL's authority, up to its last '@' (passwords are often not percent-encoded).
    private static final Pattern URL_USER_INFO = Pattern.compile("(//[^/:@?#]*:)[^/?#]+@");

    // Redis clients (redis-cli, Lettuce) read user info without a colon as the password alone.
    private static final Pattern REDIS_PASSWORD_ONLY = Pattern.compile("(?i)(\\brediss?(?:\\+[a-z]+)?://)[^/:@?#]+@");

    // Oracle's thin URL: jdbc:oracle:thin:user/password@host.
    private static final Pattern ORACLE_THIN = Pattern.compile("(?i)(:thin:[^/@:]+/)[^@]*@");

    // A parameter whose name ends in a password, secret or token (password, sslpassword, PWD,
    // client_secret, access_token, password1): after '?', '&', ';' or a space (a JAAS line),
    // its value plain or quoted. Names that only contain such a word (sslpasswordcallback, a class
    // name) are not passwords.
    private static final Pattern PASSWORD_PARAMETER = Pattern.compile(
            "(?i)((?:^|[?&;\\s])[a-z0-9_.-]*(?:password|passwd|pwd|passphrase|secret|token|api[-_]?key)\\d*\\s*=\\s*)"
                    + "(\"[^\"]*\"|[^&;\\s\"]*)");

    private Secrets() {}

    /** Whether the value of {@code key} must never be shown. */
    public static boolean isSecret(final String key) {
        final String lower = key.toLowerCase(Locale.ROOT);
        final String last = lower.substring(lower.lastIndexOf('.') + 1);
        return SECRET_SEGMENT.matcher(last).matches()
                || EXPORTER_HEADERS.matcher(lower).matches()
                || CLIENT_CREDENTIALS.matcher(lower).matches();
    }

    /**
     * The value to show for {@code key}: {@link #MASK} for a secret key, else the value with any
     * password inside it masked ({@link #maskUrl}).
     */
    public static String display(final String key, final String value) {
        return isSecret(key) ? MASK : maskUrl(value);
    }

    /**
     * {@code value} with every password inside it masked: a URL's user info ({@code
     * postgresql://app:****@db/app}, {@code redis://****@host}), a password parameter ({@code
     * ?user=app&password=****}, {@code ;PASSWORD=****}), the password of Oracle's {@code
     * thin:user/****@host}; the rest as it was.
     */
    public static String maskUrl(final String value) {
        String masked = URL_USER_INFO.matcher(value).replaceAll("$1" + MASK + "@");
        masked = REDIS_PASSWORD_ONLY.matcher(masked).replaceAll("$1" + MASK + "@");
        masked = ORACLE_THIN.matcher(masked).replaceAll("$1" + MASK + "@");
        return PASSWORD_PARAMETER.matcher(masked).replaceAll(match -> {
            final String password = match.group(2);
            final boolean quoted = password.startsWith("\"");
            // An empty password hides nothing; keep it visible so that the value reads as written.
            if (password.isEmpty() || (quoted && password.length() == 2)) {
                return Matcher.quoteReplacement(match.group());
            }
            return Matcher.quoteReplacement(match.group(1) + (quoted ? "\"" + MASK + "\"" : MASK));
        });
    }

    /**
     * Whether {@code value} carries a password inside it ({@link #maskUrl} would mask something): a
     * value that must not be written where its key's name would let it be shown, such as a
     * Kubernetes ConfigMap.
     */
    public static boolean carriesSecret(final String value) {
        return !maskUrl(value).equals(value);
    }
}
