package org.jzenith.core.spi.configuration;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.configuration.SettingProblem;

class PemFilesTest {

    @TempDir
    Path folder;

    @Test
    void aCertificateWithoutItsKeyAndAKeyWithoutItsCertificateAreEachNamed() {
        assertThat(PemFiles.pairProblems("x.certificate", Optional.of("c.pem"), "x.private-key", Optional.empty()))
                .extracting(SettingProblem::key)
                .containsExactly("x.certificate");
        assertThat(PemFiles.pairProblems("x.certificate", Optional.empty(), "x.private-key", Optional.of("k.pem")))
                .extracting(SettingProblem::key)
                .containsExactly("x.private-key");
        assertThat(PemFiles.pairProblems("x.certificate", Optional.of("c.pem"), "x.private-key", Optional.of("k.pem")))
                .isEmpty();
    }

    @Test
    void aMissingFileIsNamedWithWhyItCannotBeRead() {
        final Path missing = folder.resolve("no-such-ca.pem");

        assertThat(PemFiles.certificatesProblem(missing.toString(), "the authorities to trust"))
                .hasValueSatisfying(problem -> assertThat(problem)
                        .startsWith("a PEM file of the authorities to trust in a readable file; " + missing)
                        .contains("cannot be read (NoSuchFileException"));
    }

    @Test
    void aFileWithoutACertificateIsRefused() throws IOException {
        final Path text = Files.writeString(folder.resolve("notes.pem"), "not a certificate\n");

        assertThat(PemFiles.certificatesProblem(text.toString(), "the authorities to trust"))
                .isPresent();
    }

    @Test
    void aValueThatCannotBeAPathIsSaidSo() {
        assertThat(PemFiles.path("bad\0path")).isEmpty();
        assertThat(PemFiles.certificatesProblem("bad\0path", "the authorities to trust"))
                .hasValueSatisfying(problem -> assertThat(problem).contains("is not a path"));
    }
}
