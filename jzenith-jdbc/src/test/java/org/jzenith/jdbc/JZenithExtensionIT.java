package org.jzenith.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.test.JZenithExtension;

/** A service with the JDBC plugin alone boots under jzenith-test's extension, without jzenith-rest. */
class JZenithExtensionIT {

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(
                    args -> JZenith.application(args).withPlugins(JdbcPlugin.create()))
            .withConfiguration(
                    "jdbc.embedded.directory",
                    Path.of("target", "jzenith-extension-it").toAbsolutePath().toString());

    @Test
    void theRestPluginIsNotOnTheClasspath() {
        assertThatThrownBy(() -> Class.forName("org.jzenith.rest.RestServer"))
                .isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void bootsAndServesTheDatabase(final JZenith app) {
        final int one = app.instance(Jdbi.class)
                .withHandle(handle ->
                        handle.createQuery("SELECT 1").mapTo(Integer.class).one());
        assertThat(one).isEqualTo(1);
    }

    @Test
    void hasNoHttpClient() {
        assertThatThrownBy(APP::client).hasMessageStartingWith("The application under test has no REST plugin");
    }
}
