package org.jzenith.examples.audit.outbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import org.jzenith.core.JZenith;
import org.jzenith.examples.audit.AuditServiceApplication;
import org.jzenith.examples.users.UserServiceConfiguration;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.PrivateKafka;

/** The audit service in the test's JVM, consuming from {@code kafka} into an H2 database of its own. */
final class AuditUnderTest {

    private AuditUnderTest() {}

    static JZenithExtension of(final PrivateKafka kafka) {
        return JZenithExtension.of(AuditUnderTest::application)
                .withConfiguration("kafka.bootstrap-servers", kafka::bootstrapServers)
                .withConfiguration("jdbc.embedded.directory", () -> {
                    try {
                        return Files.createTempDirectory("audit-h2");
                    } catch (final IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
    }

    /** Told of the user service's settings: both services' jzenith.properties are on this classpath. */
    private static JZenith application(final String... args) {
        return AuditServiceApplication.application(args).withConfigurationMappings(UserServiceConfiguration.class);
    }
}
