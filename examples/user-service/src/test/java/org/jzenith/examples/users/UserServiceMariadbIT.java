package org.jzenith.examples.users;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.LocalServices;

/** The user service on the real MariaDB of this machine, chosen by configuration alone. */
class UserServiceMariadbIT extends UserApiContract {

    private static final LocalServices.Database DATABASE = Databases.freshMariadb();

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("jdbc.url", DATABASE.jdbcUrl())
            .withConfiguration("jdbc.username", DATABASE.user());

    @Override
    protected JZenithExtension app() {
        return APP;
    }
}
