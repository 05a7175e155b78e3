package org.jzenith.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.maven.FakeMachine.mount;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.maven.FakeMachine.Run;

/** The launcher's choices, from fake cgroup trees, by dry runs that print the java command. */
class LauncherTest {

    private static final String MIB_128 = String.valueOf(128L * 1024 * 1024);
    private static final String NO_LIMIT_V1 = "9223372036854771712";

    @TempDir
    Path temp;

    @Test
    void aCgroupV2LimitOnAParentBindsTheNestedCgroupOfTheProcess() throws Exception {
        final FakeMachine machine = new FakeMachine(temp)
                .file("proc/self/cgroup", "0::/kubepods/pod1/ctr\n")
                .file("proc/self/mountinfo", mount("/", "/sys/fs/cgroup", "cgroup2", "rw,nsdelegate"))
                .file("sys/fs/cgroup/kubepods/pod1/memory.max", MIB_128 + "\n")
                .file("sys/fs/cgroup/kubepods/pod1/ctr/memory.max", "max\n")
                .file("sys/fs/cgroup/kubepods/pod1/ctr/cpu.max", "100000 100000\n")
                .env("JZENITH_LAUNCHER_DEBUG", "1");

        final Run run = machine.run();

        assertThat(run.exit()).isZero();
        assertThat(run.flags())
                .contains("-XX:+UseSerialGC", "-Xmx32m", "-Xms8m", "-XX:TieredStopAtLevel=1")
                .contains("-XX:MaxDirectMemorySize=8m", "-XX:+ExitOnOutOfMemoryError");
        assertThat(run.stderr())
                .contains("memory limit 128 MiB from cgroup v2 /sys/fs/cgroup/kubepods/pod1/memory.max")
                .contains("1 CPU(s) from cgroup v2 /sys/fs/cgroup/kubepods/pod1/ctr/cpu.max");
    }

    @Test
    void aCgroupV1MemoryLimitAndCpuQuotaAreFoundThroughTheirOwnHierarchies() throws Exception {
        final FakeMachine machine = new FakeMachine(temp)
                .file("proc/self/cgroup", "12:pids:/docker/abc\n4:memory:/docker/abc\n2:cpu,cpuacct:/docker/abc\n")
                .file(
                        "proc/self/mountinfo",
                        mount("/", "/sys/fs/cgroup/memory", "cgroup", "rw,memory")
                                + mount("/", "/sys/fs/cgroup/cpu,cpuacct", "cgroup", "rw,cpu,cpuacct"))
                .file("sys/fs/cgroup/memory/memory.limit_in_bytes", NO_LIMIT_V1)
                .file("sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes", String.valueOf(256L << 20))
                .file("sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "50000")
                .file("sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us", "100000")
                .env("JZENITH_LAUNCHER_DEBUG", "1");

        final Run run = machine.run();

        assertThat(run.flags()).contains("-XX:+UseSerialGC", "-Xmx128m", "-Xms32m", "-XX:MaxDirectMemorySize=16m");
        assertThat(run.stderr())
                .contains("memory limit 256 MiB from cgroup v1 /sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes")
                .contains("1 CPU(s) from cgroup v1 /sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us");
    }

    @Test
    void aHybridHostWithTheMemoryControllerOnV1IsRead() throws Exception {
        final FakeMachine machine = new FakeMachine(temp)
                .file("proc/self/cgroup", "4:memory:/jz\n1:name=systemd:/\n0::/\n")
                .file(
                        "proc/self/mountinfo",
                        mount("/", "/sys/fs/cgroup/memory", "cgroup", "rw,memory")
                                + mount("/", "/sys/fs/cgroup/unified", "cgroup2", "rw"))
                .file("sys/fs/cgroup/unified/cgroup.controllers", "")
                .file("sys/fs/cgroup/memory/jz/memory.limit_in_bytes", String.valueOf(96L << 20));

        assertThat(machine.run().flags()).contains("-Xmx20m", "-Xms8m", "-XX:+UseSerialGC");
    }

    @Test
    void insideACgroupNamespaceTheMountIsTheProcessOwnCgroup() throws Exception {
        // The mount's root is the container's cgroup; /proc/self/cgroup says "/" from inside.
        final FakeMachine machine = new FakeMachine(temp)
                .file("proc/self/cgroup", "0::/\n")
                .file("proc/self/mountinfo", mount("/kubepods/burstable/pod7/c1", "/sys/fs/cgroup", "cgroup2", "rw"))
                .file("sys/fs/cgroup/memory.max", String.valueOf(64L << 20));

        assertThat(machine.run().flags()).contains("-Xmx16m", "-Xms8m");
    }

    @Test
    void from192MiBTheHeapTakesAllBut128MiBAndC2Compiles() throws Exception {
        // limit -> heap: the rest of 128 MiB, at most three quarters; C1 only below 192 MiB.
        final Map<String, String> heaps = Map.of(
                "160m",
                "-Xmx44m",
                "192m",
                "-Xmx64m",
                "256m",
                "-Xmx128m",
                "384m",
                "-Xmx256m",
                "512m",
                "-Xmx384m",
                "1g",
                "-Xmx768m");
        for (final Map.Entry<String, String> tier : heaps.entrySet()) {
            final List<String> flags = new FakeMachine(temp)
                    .env("JZENITH_MEMORY_LIMIT", tier.getKey())
                    .run()
                    .flags();
            assertThat(flags).as(tier.getKey()).contains(tier.getValue(), "-XX:+UseSerialGC");
            if (tier.getKey().equals("160m")) {
                assertThat(flags)
                        .as(tier.getKey())
                        .contains("-XX:TieredStopAtLevel=1", "-XX:ReservedCodeCacheSize=24m");
            } else {
                assertThat(flags)
                        .as(tier.getKey())
                        .contains("-XX:ReservedCodeCacheSize=48m", "-XX:MaxMetaspaceSize=128m")
                        .noneMatch(flag -> flag.startsWith("-XX:TieredStopAtLevel") || flag.startsWith("-Xss"));
            }
        }
    }

    @Test
    void withoutALimitTheJvmSizesItsHeapItselfFromASmallStart() throws Exception {
        final FakeMachine machine = new FakeMachine(temp)
                .file("proc/self/cgroup", "4:memory:/\n")
                .file("proc/self/mountinfo", mount("/", "/sys/fs/cgroup/memory", "cgroup", "rw,memory"))
                .file("sys/fs/cgroup/memory/memory.limit_in_bytes", NO_LIMIT_V1);

        final List<String> flags = machine.run().flags();

        assertThat(flags)
                .containsExactly(
                        "-XX:+UseCompactObjectHeaders",
                        "-XX:+ExitOnOutOfMemoryError",
                        "--enable-native-access=ALL-UNNAMED",
                        "--sun-misc-unsafe-memory-access=allow",
                        "-Dio.netty.jfr.enabled=false",
                        "-Dguice_custom_class_loading=CHILD",
                        "-Xms16m",
                        "-XX:+UnlockDiagnosticVMOptions",
                        "-XX:ArchiveRelocationMode=0");
    }

    @Test
    void largeLimitsWithSeveralCpusGetG1AndNoCapsBesideTheHeap() throws Exception {
        final Run run = new FakeMachine(temp)
                .env("JZENITH_MEMORY_LIMIT", "4g")
                .env("JZENITH_CPU_LIMIT", "4")
                .run();

        assertThat(run.flags()).contains("-XX:+UseG1GC", "-Xmx2867m", "-XX:MaxDirectMemorySize=256m");
        assertThat(run.flags())
                .noneMatch(flag -> flag.startsWith("-XX:MaxMetaspaceSize") || flag.startsWith("-XX:TieredStopAtLevel"));
    }

    @Test
    void javaOptsComeLastAndTheLauncherLeavesOutWhatTheyDecide() throws Exception {
        final Run run = new FakeMachine(temp)
                .env("JZENITH_MEMORY_LIMIT", "128m")
                .env("JAVA_OPTS", "-XX:+UseG1GC -Xmx200m -XX:TieredStopAtLevel=4 -Dx=y")
                .run();

        final List<String> flags = run.flags();
        assertThat(flags).doesNotContain("-XX:+UseSerialGC", "-Xmx32m", "-XX:TieredStopAtLevel=1");
        // The heap is the user's, but it must start big enough for the AOT cache's objects.
        assertThat(flags).contains("-Xms8m");
        assertThat(flags.subList(flags.size() - 4, flags.size()))
                .containsExactly("-XX:+UseG1GC", "-Xmx200m", "-XX:TieredStopAtLevel=4", "-Dx=y");
        assertThat(flags).contains("-XX:MaxMetaspaceSize=64m");
    }

    @Test
    void archiveRelocationCanBeTurnedBackOnThroughJavaOpts() throws Exception {
        final Run run = new FakeMachine(temp)
                .env("JZENITH_MEMORY_LIMIT", "128m")
                .env("JAVA_OPTS", "-XX:ArchiveRelocationMode=1")
                .run();

        assertThat(run.flags()).doesNotContain("-XX:ArchiveRelocationMode=0");
        assertThat(run.flags().indexOf("-XX:+UnlockDiagnosticVMOptions"))
                .isNotNegative()
                .isLessThan(run.flags().indexOf("-XX:ArchiveRelocationMode=1"));
    }

    @Test
    void applicationArgumentsPassThroughUnchanged() throws Exception {
        final Run run = new FakeMachine(temp).run("--rest.port=9090", "two words", "*", "", "--jzenith.x='q'");

        assertThat(run.applicationArguments())
                .containsExactly("--rest.port=9090", "two words", "*", "", "--jzenith.x='q'");
        assertThat(run.command().get(run.command().indexOf("-cp") + 2)).isEqualTo("com.example.Main");
    }

    @Test
    void theClasspathKeepsTheBuildsOrderSoThatTheAotCacheFits() throws Exception {
        final FakeMachine machine = new FakeMachine(temp);
        final String lib = machine.home.toRealPath().resolve("lib").toString();

        assertThat(machine.run().classpath()).isEqualTo(lib + "/app.jar:" + lib + "/b-1.0.jar:" + lib + "/a-2.0.jar");
    }

    @Test
    void theAotCacheIsUsedWhenPresentAndEachModeSaysWhatItDoes() throws Exception {
        final FakeMachine machine = new FakeMachine(temp).env("JZENITH_MEMORY_LIMIT", "256m");
        final String cache = machine.home.toRealPath().resolve("lib/app.aot").toString();

        assertThat(machine.run().flags()).noneMatch(flag -> flag.contains("AOT"));

        Files.writeString(machine.home.resolve("lib/app.aot"), "cache");
        assertThat(machine.run().flags()).contains("-XX:AOTCache=" + cache);
        assertThat(machine.env("JZENITH_AOT", "on").run().flags()).contains("-XX:AOTMode=on", "-XX:AOTCache=" + cache);
        assertThat(machine.env("JZENITH_AOT", "off").run().flags()).noneMatch(flag -> flag.contains("AOT"));

        final Run train = machine.env("JZENITH_AOT", "train").run();
        assertThat(train.flags()).contains("-XX:AOTCacheOutput=" + cache);
        // A cache is written within the metaspace limit: training runs without one.
        assertThat(train.flags()).noneMatch(flag -> flag.startsWith("-XX:MaxMetaspaceSize"));
        assertThat(machine.home.resolve("lib/app.aot")).doesNotExist();
    }

    @Test
    void belowSomeMemoryTheAotCacheIsLeftOutUnlessRequired() throws Exception {
        final FakeMachine machine = new FakeMachine(temp).env("JZENITH_MEMORY_LIMIT", "128m");
        Files.writeString(machine.home.resolve("lib/app.aot"), "cache");

        assertThat(machine.run().flags()).noneMatch(flag -> flag.contains("AOT"));
        assertThat(machine.env("JZENITH_AOT", "on").run().flags()).contains("-XX:AOTMode=on");
        assertThat(machine.env("JZENITH_AOT", "auto")
                        .env("JZENITH_MEMORY_LIMIT", "192m")
                        .run()
                        .flags())
                .anyMatch(flag -> flag.startsWith("-XX:AOTCache="));
    }

    @Test
    void aServiceThatNeedsTheCacheInSmallContainersUsesItFromItsOwnThreshold() throws Exception {
        // A Kafka consumer is killed at 128 MiB without the cache (benchmarks/KAFKA.md): its build
        // sets jzenith.aot.fromMemory=128m.
        final FakeMachine machine = new FakeMachine(temp, 128).env("JZENITH_MEMORY_LIMIT", "128m");
        Files.writeString(machine.home.resolve("lib/app.aot"), "cache");

        assertThat(machine.run().flags()).anyMatch(flag -> flag.startsWith("-XX:AOTCache="));
        assertThat(machine.env("JZENITH_MEMORY_LIMIT", "96m").run().flags()).noneMatch(flag -> flag.contains("AOT"));
        assertThat(machine.env("JZENITH_AOT", "off")
                        .env("JZENITH_MEMORY_LIMIT", "128m")
                        .run()
                        .flags())
                .noneMatch(flag -> flag.contains("AOT"));
    }

    @Test
    void aotModeOnWithoutACacheFailsWithTheFix() throws Exception {
        final Run run = new FakeMachine(temp).env("JZENITH_AOT", "on").run();

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.stderr()).contains("no AOT cache at").contains("./mvnw package");
    }

    @Test
    void anOlderJavaIsRefusedWithWhatToInstall() throws Exception {
        final Path java21 = FakeMachine.fakeJdk(temp.resolve("jdk21"), "21.0.4");
        final FakeMachine machine = new FakeMachine(temp);
        machine.environment.remove("JAVA_HOME");
        machine.env("PATH", java21.resolve("bin") + ":" + System.getenv("PATH"));

        final Run run = machine.run();

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.stderr())
                .contains("needs Java 25 or newer")
                .contains(java21.resolve("bin/java") + " (Java 21)")
                .contains("set JAVA_HOME");
    }

    @Test
    void aJava25InTheUsualFoldersIsFoundWhenJavaHomeAndThePathHaveAnOlderOne() throws Exception {
        final Path java21 = FakeMachine.fakeJdk(temp.resolve("jdk21"), "21.0.4");
        final FakeMachine machine = new FakeMachine(temp);
        final Path installed =
                FakeMachine.fakeJdk(machine.cgroupRoot.resolve("usr/lib/jvm/temurin-25-jdk-amd64"), "25.0.3");
        machine.env("JAVA_HOME", java21.toString()).env("PATH", java21.resolve("bin") + ":" + System.getenv("PATH"));

        final Run run = machine.run();

        assertThat(run.exit()).isZero();
        assertThat(run.command().getFirst())
                .isEqualTo(installed.resolve("bin/java").toString());
        assertThat(run.stderr()).contains("JAVA_HOME=" + java21 + " is not a Java 25 or newer; looking elsewhere");
    }

    @Test
    void aLauncherReachedThroughASymbolicLinkFindsItsDistribution() throws Exception {
        final FakeMachine machine = new FakeMachine(temp);
        final Path link = Files.createSymbolicLink(temp.resolve("app-link"), machine.home.resolve("bin/app"));

        final Run run = machine.runWith(List.of("/bin/sh", link.toString()));

        assertThat(run.exit()).isZero();
        assertThat(run.classpath())
                .startsWith(machine.home.toRealPath().resolve("lib/app.jar").toString());
    }

    @Test
    void aDistributionFolderWithSpacesStaysOneArgumentPerPath() throws Exception {
        final FakeMachine machine = new FakeMachine(temp, temp.resolve("my services/app"));
        Files.writeString(machine.home.resolve("lib/app.aot"), "cache");

        final Run run = machine.run();

        assertThat(run.flags())
                .contains("-XX:AOTCache=" + machine.home.toRealPath().resolve("lib/app.aot"));
        assertThat(run.classpath()).contains("my services/app/lib/app.jar:");
    }

    @Test
    void mallocArenasAreCappedUnlessTheEnvironmentSaysOtherwise() throws Exception {
        final FakeMachine machine = new FakeMachine(temp);
        // The fake java prints its environment when it runs: run it for real this once.
        Files.writeString(machine.jdk.resolve("bin/java"), "#!/bin/sh\necho \"MALLOC_ARENA_MAX=$MALLOC_ARENA_MAX\"\n");
        machine.environment.remove("JZENITH_LAUNCHER_DRY_RUN");

        assertThat(machine.run().command()).containsExactly("MALLOC_ARENA_MAX=2");
        assertThat(machine.env("MALLOC_ARENA_MAX", "4").run().command()).containsExactly("MALLOC_ARENA_MAX=4");
    }

    @Test
    void theJvmRunsUnderBatchSchedulingUnlessTheEnvironmentSaysOtherwise() throws Exception {
        // A skip would pass silently where chrt is missing; util-linux is on every Debian system.
        assertThat(Path.of("/usr/bin/chrt"))
                .as("chrt, from util-linux (apt-get install util-linux), to see the scheduling policy")
                .isExecutable();
        final FakeMachine machine = new FakeMachine(temp);
        // The fake java prints the scheduling policy it runs under: run it for real.
        Files.writeString(machine.jdk.resolve("bin/java"), "#!/bin/sh\nchrt -p $$\n");
        machine.environment.remove("JZENITH_LAUNCHER_DRY_RUN");

        assertThat(String.join("\n", machine.run().command())).contains("SCHED_BATCH");
        assertThat(String.join(
                        "\n", machine.env("JZENITH_SCHEDULING", "other").run().command()))
                .contains("SCHED_OTHER");
        final FakeMachine.Run wrong = machine.env("JZENITH_SCHEDULING", "fifo").run();
        assertThat(wrong.exit()).isEqualTo(1);
        assertThat(wrong.stderr()).contains("JZENITH_SCHEDULING=fifo is not one of batch, other.");
    }

    @Test
    void everyPosixShellAtHandPicksTheSame() throws Exception {
        final FakeMachine machine = new FakeMachine(temp)
                .file("proc/self/cgroup", "0::/a/b\n")
                .file("proc/self/mountinfo", mount("/", "/sys/fs/cgroup", "cgroup2", "rw"))
                .file("sys/fs/cgroup/a/memory.max", String.valueOf(96L << 20))
                .file("sys/fs/cgroup/a/b/cpu.max", "max 100000\n");
        final List<String> reference = machine.run().command();
        final List<List<String>> shells = new ArrayList<>();
        for (final String shell : List.of("/bin/dash", "/usr/bin/dash", "/bin/bash", "/bin/busybox", "/bin/ash")) {
            if (Files.isExecutable(Path.of(shell))) {
                shells.add(
                        shell.endsWith("busybox")
                                ? List.of(shell, "sh")
                                : shell.endsWith("bash") ? List.of(shell, "--posix") : List.of(shell));
            }
        }

        for (final List<String> shell : shells) {
            final List<String> command = new ArrayList<>(shell);
            command.add(machine.home.resolve("bin/app").toString());
            assertThat(machine.runWith(command).command()).as("%s", shell).isEqualTo(reference);
        }
        assertThat(reference).contains("-Xmx20m");
    }

    @Test
    void nonsenseOverridesAreRefusedByName() throws Exception {
        assertThat(new FakeMachine(temp)
                        .env("JZENITH_MEMORY_LIMIT", "lots")
                        .run()
                        .stderr())
                .contains("JZENITH_MEMORY_LIMIT=lots is not a size");
        // a bare number is bytes: 128 is not 128 MiB, and the service is not started as if it were
        final FakeMachine.Run bytes =
                new FakeMachine(temp).env("JZENITH_MEMORY_LIMIT", "128").run();
        assertThat(bytes.stderr())
                .contains("JZENITH_MEMORY_LIMIT=128 is 0 MiB, less than the 32 MiB any JVM service needs")
                .contains("write 128m for 128 MiB");
        assertThat(bytes.exit()).isNotZero();
    }
}
