package org.jzenith.maven.kubernetes;

import java.util.Locale;
import org.jzenith.core.configuration.Secrets;

/**
 * How a running jZenith service names a configuration key: the environment variable that sets it.
 * A copy of {@code ConfigurationLoader.environmentName}, whose class needs SmallRye, which the plugin
 * does not load; {@code SettingKeysTest} checks it. (Which keys are secret is core's own {@link
 * Secrets}, used as it is.)
 */
final class SettingKeys {

    private SettingKeys() {}

    /** The environment variable that sets {@code key}: {@code rest.max-body-size} → {@code REST_MAX_BODY_SIZE}. */
    static String environmentName(final String key) {
        return key.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }
}
