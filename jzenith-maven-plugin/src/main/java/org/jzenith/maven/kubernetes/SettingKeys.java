package org.jzenith.maven.kubernetes;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How a running jZenith service names and treats a configuration key, for a build that cannot
 * load {@code jzenith-core} (a Maven plugin keeps its classpath small): the environment variable
 * that sets it ({@code ConfigurationLoader.environmentName}) and whether its value is secret
 * ({@code Secrets.isSecret}). {@code SettingKeysTest} checks both against jzenith-core's own, so
 * that a change there fails this module's build instead of writing manifests the service misreads.
 */
final class SettingKeys {

    private static final Pattern SECRET_SEGMENT =
            Pattern.compile(".*(password|passwd|secret|token|credential|private-key|api-key|apikey).*");
    private static final Pattern EXPORTER_HEADERS =
            Pattern.compile("otel\\.exporter\\.[a-z0-9_-]+(\\.[a-z0-9_-]+)?\\.headers");
    private static final Pattern CLIENT_CREDENTIALS =
            Pattern.compile("(.*\\.)?(sasl\\.jaas\\.config|ssl\\.keystore\\.key)");

    private SettingKeys() {}

    /** The environment variable that sets {@code key}: {@code rest.max-body-size} → {@code REST_MAX_BODY_SIZE}. */
    static String environmentName(final String key) {
        return key.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    /** Whether jZenith masks the value of {@code key}, so that it belongs in a Kubernetes Secret. */
    static boolean isSecret(final String key) {
        final String lower = key.toLowerCase(Locale.ROOT);
        final String last = lower.substring(lower.lastIndexOf('.') + 1);
        return SECRET_SEGMENT.matcher(last).matches()
                || EXPORTER_HEADERS.matcher(lower).matches()
                || CLIENT_CREDENTIALS.matcher(lower).matches();
    }
}
