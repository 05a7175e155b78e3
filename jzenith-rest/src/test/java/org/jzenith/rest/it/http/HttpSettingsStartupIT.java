package org.jzenith.rest.it.http;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.rest.RestPlugin;

/** Each misconfiguration of TLS and CORS stops start-up with one message per key, saying the fix. */
class HttpSettingsStartupIT {

    @TempDir
    Path directory;

    private static JZenith app(final String... arguments) {
        final String[] all = new String[arguments.length + 1];
        all[0] = "--rest.port=0";
        System.arraycopy(arguments, 0, all, 1, arguments.length);
        return JZenith.application(all).withPlugins(RestPlugin.withResources(FeatureResource.class));
    }

    @Test
    void aCertificateWithoutAKey() {
        Certificates.pem(directory, "server");
        assertThatThrownBy(app("--rest.tls.certificate=" + directory.resolve("server.crt"))::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("The configuration has 1 problem")
                .hasMessageContaining("rest.tls.certificate (command line): \"" + directory.resolve("server.crt")
                        + "\" is not valid: expected a private key beside it: set rest.tls.private-key");
    }

    @Test
    void aKeyWithoutACertificateIsNamedButNotShown() {
        Certificates.pem(directory, "server");
        assertThatThrownBy(app("--rest.tls.private-key=" + directory.resolve("server.key"))::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("rest.tls.private-key (command line): \"****\" is not valid: expected a"
                        + " certificate beside it: set rest.tls.certificate");
    }

    @Test
    void unreadableFilesAndAFileThatIsNoCertificate() throws Exception {
        Files.writeString(directory.resolve("not.crt"), "hello");
        assertThatThrownBy(app(
                        "--rest.tls.certificate=" + directory.resolve("not.crt"),
                        "--rest.tls.private-key=" + directory.resolve("missing.key"))::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("The configuration has 2 problems")
                .hasMessageContaining("rest.tls.certificate (command line)")
                .hasMessageContaining(directory.resolve("not.crt") + " is not one")
                .hasMessageContaining("expected a PEM private key in a readable file; "
                        + directory.resolve("missing.key") + " cannot be read (NoSuchFileException");
    }

    @Test
    void pemAndPkcs12Together() {
        Certificates.pem(directory, "server");
        final Path store = Certificates.pkcs12(directory, "server");
        assertThatThrownBy(app(
                        "--rest.tls.certificate=" + directory.resolve("server.crt"),
                        "--rest.tls.private-key=" + directory.resolve("server.key"),
                        "--rest.tls.key-store=" + store,
                        "--rest.tls.key-store-password=" + Certificates.password())::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("The configuration has 1 problem")
                .hasMessageContaining("rest.tls.key-store (command line)")
                .hasMessageContaining("expected either a PKCS#12 key store or a PEM pair");
    }

    @Test
    void aWrongKeyStorePasswordIsNeverShown() {
        Certificates.pem(directory, "server");
        final Path store = Certificates.pkcs12(directory, "server");
        assertThatThrownBy(app("--rest.tls.key-store=" + store, "--rest.tls.key-store-password=wrong-one")::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("rest.tls.key-store (command line)")
                .hasMessageContaining("expected a PKCS#12 key store that rest.tls.key-store-password opens")
                .hasMessageNotContaining("wrong-one");
    }

    @Test
    void aPlainPortWithoutTls() {
        assertThatThrownBy(app("--rest.tls.plain-port=8081")::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("rest.tls.plain-port (command line): \"8081\" is not valid: expected TLS on"
                        + " rest.port as well");
    }

    @Test
    void anyOriginWithCredentialsAndBadOrigins() {
        assertThatThrownBy(app("--rest.cors.origins=*", "--rest.cors.credentials=true")::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("rest.cors.origins (command line): \"*\" is not valid: expected named origins"
                        + " where rest.cors.credentials is true");
        assertThatThrownBy(app("--rest.cors.origins=app.example.com", "--rest.cors.origin-patterns=https://[")::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("The configuration has 2 problems")
                .hasMessageContaining("\"app.example.com\" is not one")
                .hasMessageContaining("rest.cors.origin-patterns (command line)");
    }
}
