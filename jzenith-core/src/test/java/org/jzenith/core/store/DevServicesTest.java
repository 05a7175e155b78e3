package org.jzenith.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.configuration.CoreConfiguration;

/** In which profiles dev services apply, and where their data goes. */
class DevServicesTest {

    /** Core settings with {@code profile}, the switch and the folder. */
    private record Settings(Optional<String> profile, boolean enabled, String directory) implements CoreConfiguration {

        static Settings of(final String profile) {
            return new Settings(Optional.of(profile), true, "target/dev-services");
        }

        @Override
        public OptionalInt eventLoops() {
            return OptionalInt.empty();
        }

        @Override
        public Duration startTimeout() {
            return Duration.ofSeconds(60);
        }

        @Override
        public Duration shutdownTimeout() {
            return Duration.ofSeconds(10);
        }

        @Override
        public Shutdown shutdown() {
            return Optional::empty;
        }

        @Override
        public boolean nativeTransport() {
            return true;
        }

        @Override
        public Health health() {
            return Optional::empty;
        }

        @Override
        public DevServices devServices() {
            final Settings settings = this;
            return new DevServices() {
                @Override
                public boolean enabled() {
                    return settings.enabled();
                }

                @Override
                public String directory() {
                    return settings.directory();
                }
            };
        }
    }

    @Test
    void applyOnlyInTheDevAndTestProfiles() {
        assertThat(org.jzenith.core.store.DevServices.of(Settings.of("dev")))
                .hasValueSatisfying(dev -> assertThat(dev.keepsData()).isTrue());
        assertThat(org.jzenith.core.store.DevServices.of(Settings.of("TEST")))
                .hasValueSatisfying(dev -> assertThat(dev.keepsData()).isFalse());
        assertThat(org.jzenith.core.store.DevServices.of(Settings.of("prod"))).isEmpty();
        assertThat(org.jzenith.core.store.DevServices.of(Settings.of("staging")))
                .isEmpty();
        assertThat(org.jzenith.core.store.DevServices.of(new Settings(Optional.empty(), true, "target/dev-services")))
                .isEmpty();
        assertThat(org.jzenith.core.store.DevServices.of(
                        new Settings(Optional.of("dev"), false, "target/dev-services")))
                .as("jzenith.dev-services.enabled=false")
                .isEmpty();
    }

    @Test
    void theFolderIsAbsoluteUnderTheSetting() {
        final Path directory = org.jzenith.core.store.DevServices.of(Settings.of("dev"))
                .orElseThrow()
                .directory();
        assertThat(directory.isAbsolute()).isTrue();
        assertThat(directory.endsWith(Path.of("target", "dev-services")))
                .as(directory.toString())
                .isTrue();
    }

    @Test
    void devKeepsOneFolderPerServiceTestMakesAFreshOneEachTime(@TempDir final Path directory) {
        final org.jzenith.core.store.DevServices dev = new org.jzenith.core.store.DevServices("dev", directory);
        assertThat(dev.folderFor("redis")).isEqualTo(directory.resolve("redis")).isDirectory();
        assertThat(dev.folderFor("redis")).isEqualTo(directory.resolve("redis"));

        final org.jzenith.core.store.DevServices test = new org.jzenith.core.store.DevServices("test", directory);
        final Path first = test.folderFor("postgresql");
        final Path second = test.folderFor("postgresql");
        assertThat(first).isNotEqualTo(second).isDirectory();
        assertThat(first.getFileName().toString()).startsWith("postgresql-");

        org.jzenith.core.store.DevServices.delete(first);
        assertThat(Files.exists(first)).isFalse();
    }

    @Test
    void freePortsAreNeverTheMachinesOwnServers() {
        for (int i = 0; i < 20; i++) {
            assertThat(org.jzenith.core.store.DevServices.freePort())
                    .isPositive()
                    .isNotIn(5432, 6379);
        }
    }
}
