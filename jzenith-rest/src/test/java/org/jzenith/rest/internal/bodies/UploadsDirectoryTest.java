package org.jzenith.rest.internal.bodies;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A private uploads folder is the application's own, only its user may enter it, and it goes at close. */
class UploadsDirectoryTest {

    @Test
    void eachPrivateFolderIsNewAndOnlyItsUserMayEnterIt() throws IOException {
        try (UploadsDirectory first = UploadsDirectory.privateTemporary();
                UploadsDirectory second = UploadsDirectory.privateTemporary()) {
            assertThat(first.path()).isNotEqualTo(second.path());
            assertThat(first.path().getParent()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
            assertThat(first.path().getFileName().toString()).startsWith("jzenith-uploads-");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(first.path())))
                    .isEqualTo("rwx------");
        }
    }

    @Test
    void closingRemovesThePrivateFolderWithWhatIsLeftInIt() throws IOException {
        final UploadsDirectory uploads = UploadsDirectory.privateTemporary();
        Files.writeString(
                Files.createDirectory(uploads.path().resolve("nested")).resolve("left"), "x");
        Files.writeString(uploads.path().resolve("part"), "x");

        uploads.close();
        uploads.close();

        assertThat(uploads.path()).doesNotExist();
    }

    @Test
    void aConfiguredFolderIsKept(@TempDir final Path folder) throws IOException {
        Files.writeString(folder.resolve("theirs"), "x");

        UploadsDirectory.configured(folder.toString()).close();

        assertThat(folder.resolve("theirs")).exists();
    }
}
