package org.jzenith.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DistributionTest {

    @TempDir
    Path temp;

    @Test
    void layoutIsAnExecutableLauncherAndTheJarsInLib() throws Exception {
        final Path app = Files.writeString(temp.resolve("svc.jar"), "app");
        final Path dep = Files.writeString(temp.resolve("dep-1.0.jar"), "dep");
        final Distribution distribution = new Distribution(temp.resolve("target/svc"), "svc");

        distribution.build(app, List.of(dep), "org.example.Main");

        assertThat(distribution.launcher()).isExecutable();
        assertThat(temp.resolve("target/svc/lib/svc.jar")).hasContent("app");
        assertThat(temp.resolve("target/svc/lib/dep-1.0.jar")).hasContent("dep");
        assertThat(distribution.aotCache()).isEqualTo(temp.resolve("target/svc/lib/svc.aot"));
        assertThat(Files.readString(distribution.launcher()))
                .startsWith("#!/bin/sh\n")
                .contains(
                        "JZ_APP='svc'\n", "JZ_MAIN_CLASS='org.example.Main'\n", "JZ_CLASSPATH='svc.jar:dep-1.0.jar'\n")
                .contains("exec \"$jz_java\" \"$@\"");
    }

    @Test
    void buildingAgainLeavesNothingStaleBehind() throws Exception {
        final Path app = Files.writeString(temp.resolve("svc.jar"), "app");
        final Path old = Files.writeString(temp.resolve("old-1.0.jar"), "old");
        final Distribution distribution = new Distribution(temp.resolve("svc"), "svc");
        distribution.build(app, List.of(old), "Main");
        Files.writeString(distribution.aotCache(), "a cache for the old classpath");

        distribution.build(app, List.of(), "Main");

        assertThat(temp.resolve("svc/lib/old-1.0.jar")).doesNotExist();
        assertThat(distribution.aotCache()).doesNotExist();
    }

    @Test
    void fileTimesAreKeptBecauseTheAotCacheChecksThem() throws Exception {
        final Path app = Files.writeString(temp.resolve("svc.jar"), "app");
        final FileTime then = FileTime.from(Instant.parse("2020-01-02T03:04:05Z"));
        Files.setLastModifiedTime(app, then);

        new Distribution(temp.resolve("svc"), "svc").build(app, List.of(), "Main");

        assertThat(Files.getLastModifiedTime(temp.resolve("svc/lib/svc.jar"))).isEqualTo(then);
    }

    @Test
    void fixedFileTimesReachEveryFileSoThatAnImageWithJibsTimesFitsTheCache() throws Exception {
        final Path app = Files.writeString(temp.resolve("svc.jar"), "app");
        final Path dep = Files.writeString(temp.resolve("dep-1.0.jar"), "dep");
        final Distribution distribution = new Distribution(temp.resolve("svc"), "svc");
        distribution.build(app, List.of(dep), "Main");
        final FileTime jibs = FileTime.from(Instant.parse("1970-01-01T00:00:01Z"));

        distribution.setFileTimes(jibs);

        assertThat(Files.getLastModifiedTime(temp.resolve("svc/lib/svc.jar"))).isEqualTo(jibs);
        assertThat(Files.getLastModifiedTime(temp.resolve("svc/lib/dep-1.0.jar")))
                .isEqualTo(jibs);
        assertThat(Files.getLastModifiedTime(distribution.launcher())).isEqualTo(jibs);
        assertThat(Files.getLastModifiedTime(app)).isNotEqualTo(jibs);
    }

    @Test
    void twoJarsOfOneFileNameBothArrive() throws Exception {
        final Path app = Files.writeString(temp.resolve("svc.jar"), "app");
        final Path one =
                Files.writeString(Files.createDirectories(temp.resolve("g1")).resolve("util-1.0.jar"), "1");
        final Path two =
                Files.writeString(Files.createDirectories(temp.resolve("g2")).resolve("util-1.0.jar"), "2");
        final Distribution distribution = new Distribution(temp.resolve("svc"), "svc");

        distribution.build(app, List.of(one, two), "Main");

        assertThat(temp.resolve("svc/lib/util-1.0.jar")).hasContent("1");
        assertThat(temp.resolve("svc/lib/2-util-1.0.jar")).hasContent("2");
        assertThat(Files.readString(distribution.launcher()))
                .contains("JZ_CLASSPATH='svc.jar:util-1.0.jar:2-util-1.0.jar'");
    }

    @Test
    void namesThatCannotBeALauncherOrAClassAreRefused() throws Exception {
        final Path app = Files.writeString(temp.resolve("svc.jar"), "app");

        assertThatThrownBy(() -> new Distribution(temp.resolve("x"), "my app"))
                .hasMessageContaining("\"my app\" may only have letters");
        assertThatThrownBy(
                        () -> new Distribution(temp.resolve("x"), "svc").build(app, List.of(), "org.example.Main'; rm"))
                .hasMessageContaining("is not a Java class name");
    }
}
