package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.LocalServices;

/** The user service on the real PostgreSQL of this machine, chosen by configuration alone. */
class UserServicePostgresqlIT extends UserApiContract {

    private static final LocalServices.Database DATABASE = Databases.freshPostgresql();

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("jdbc.url", DATABASE.jdbcUrl())
            .withConfiguration("jdbc.username", DATABASE.user());

    @Override
    protected JZenithExtension app() {
        return APP;
    }

    @Test
    void keepsItsUsersAcrossARestart() {
        final String id = APP.client()
                .post("/users", Map.of("name", "Grace Hopper"))
                .json()
                .get("id")
                .asText();

        APP.stop();
        APP.start();

        assertThat(APP.client().get("/users/" + id).json().get("name").asText()).isEqualTo("Grace Hopper");
    }

    @Override
    protected boolean storeRefusesNul() {
        return true;
    }
}
