package org.jzenith.examples.users;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;

/** The user service on its default store: the embedded H2 database, nothing installed. */
class UserServiceH2IT extends UserApiContract {

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder());

    @Override
    protected JZenithExtension app() {
        return APP;
    }

    private static Path temporaryFolder() {
        try {
            return Files.createTempDirectory("user-service-h2");
        } catch (final java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
