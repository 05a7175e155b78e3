package org.jzenith.core;

import org.jzenith.core.configuration.SampleConfiguration;

/** Started as its own process by {@link StartupFailureReportIT}: its arguments make it fail to start. */
public final class MisconfiguredApplication {

    private MisconfiguredApplication() {}

    public static void main(final String... args) {
        JZenith.application(args)
                .withConfigurationMappings(SampleConfiguration.class)
                .run();
        System.out.println("STARTED");
    }
}
