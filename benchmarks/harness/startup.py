#!/usr/bin/env python3
"""Start-up as users deploy services: the time from exec to the first good answer and the RSS right
after, pinned to one CPU, through jZenith's launcher (with and without its AOT cache, sized for no
limit and for a 128 MiB container) and with plain `java -jar`, beside raw Vert.x and Helidon SE. Each variant is
started --starts times, the variants interleaved so that the machine's drift spreads over all of
them; the report gives medians. Writes benchmarks/STARTUP.md and renews its section of RESULTS.md.

    benchmarks/startup.sh [--starts 7] [--no-build]
"""
import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"
sys.path.insert(0, str(Path(__file__).parent))
import harness  # noqa: E402  (free ports from BENCH_PORTS)
import report  # noqa: E402  (the sibling module that writes RESULTS.md)
from goals import Goal, at_most, below, rounds_text, table  # noqa: E402

GOAL_WITH_CACHE_MS = 500
GOAL_WITHOUT_CACHE_MS = 1500


def free_port():
    return harness.free_port()  # from BENCH_PORTS where a shared machine sets aside a range


def variants(scratch):
    user_service = ROOT / "examples/user-service/target/user-service"
    plain = BENCHMARKS / "apps/jzenith-plain/target/jzenith-plain"
    hello = ROOT / "examples/hello/target/hello"
    java = os.environ["JAVA_HOME"] + "/bin/java"
    h2 = f"--jdbc.embedded.directory={scratch}/h2"
    return [
        # name, command (port appended as an argument template), probe path, environment
        ("raw Vert.x, java -jar", [java, "--enable-native-access=ALL-UNNAMED", "-jar",
                                   str(BENCHMARKS / "apps/vertx/target/vertx-benchmark.jar"), "{port}"], "/json", {}),
        ("Helidon SE, java -jar", [java, "-Dserver.port={port}", "-jar",
                                   str(BENCHMARKS / "apps/helidon/target/helidon-benchmark.jar")], "/json", {}),
        ("plain methods, launcher + AOT cache", [str(plain / "bin/jzenith-plain"), "--rest.port={port}"], "/json", {}),
        ("plain methods, launcher, no cache", [str(plain / "bin/jzenith-plain"), "--rest.port={port}"], "/json",
         {"JZENITH_AOT": "off"}),
        ("plain methods, launcher sized for 128 MiB", [str(plain / "bin/jzenith-plain"), "--rest.port={port}"], "/json",
         {"JZENITH_MEMORY_LIMIT": "128m"}),
        ("plain methods, java -jar", [java, "-jar", str(plain.parent / "jzenith-plain.jar"), "--rest.port={port}"],
         "/json", {}),
        ("hello, launcher + AOT cache", [str(hello / "bin/hello"), "--rest.port={port}"], "/hello", {}),
        ("hello, launcher, no cache", [str(hello / "bin/hello"), "--rest.port={port}"], "/hello", {"JZENITH_AOT": "off"}),
        ("user service (H2), launcher + AOT cache", [str(user_service / "bin/user-service"), "--rest.port={port}", h2],
         "/users?limit=1", {}),
        ("user service (H2), launcher, no cache", [str(user_service / "bin/user-service"), "--rest.port={port}", h2],
         "/users?limit=1", {"JZENITH_AOT": "off"}),
        ("user service (H2), launcher sized for 128 MiB",
         [str(user_service / "bin/user-service"), "--rest.port={port}", h2], "/users?limit=1",
         {"JZENITH_MEMORY_LIMIT": "128m"}),
        ("user service (H2), java -jar",
         [java, "-jar", str(user_service.parent / "user-service.jar"), "--rest.port={port}", h2], "/users?limit=1", {}),
    ]


def start_once(command, probe, extra_env):
    port = free_port()
    env = dict(os.environ)
    env.update(extra_env)
    args = ["taskset", "-c", "0", *[part.replace("{port}", str(port)) for part in command]]
    began = time.monotonic()
    process = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    try:
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"exited with {process.returncode} before answering: {' '.join(args)}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}{probe}", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() - began > 60:
                raise RuntimeError(f"no answer within 60 s: {' '.join(args)}")
            time.sleep(0.005)
        elapsed_ms = (time.monotonic() - began) * 1000
        rss_mb = rss_of(process.pid)
        return elapsed_ms, rss_mb
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass  # it went by itself; the error above says how
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def rss_of(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def build():
    for command in (["./mvnw", "-q", "-B", "package", "-DskipTests", "-pl", "examples/user-service,examples/hello",
                     "-am"], ["benchmarks/apps/jzenith-plain/bench.sh", "build"], ["benchmarks/apps/vertx/bench.sh", "build"],
                    ["benchmarks/apps/helidon/bench.sh", "build"]):
        print("building:", " ".join(command), flush=True)
        subprocess.run(command, cwd=ROOT, check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--starts", type=int, default=7, help="starts per variant (default 7)")
    parser.add_argument("--no-build", action="store_true", help="measure what is built")
    args = parser.parse_args()
    if not args.no_build:
        build()
    started_at = datetime.now(timezone.utc)
    results = {}
    with tempfile.TemporaryDirectory(prefix="jz-startup-") as scratch:
        cases = variants(scratch)
        for name, command, probe, env in cases:  # warm the page cache and train nothing
            start_once(command, probe, env)
        for round_number in range(args.starts):
            for name, command, probe, env in cases:
                ms, rss = start_once(command, probe, env)
                results.setdefault(name, []).append((ms, rss))
                print(f"round {round_number + 1}: {name}: {ms:.0f} ms, {rss:.0f} MB", flush=True)
    write(results, args, started_at)


def write(results, args, started_at):
    reference = statistics.median(ms for ms, _ in results["raw Vert.x, java -jar"])
    lines = [
        "# Start-up as deployed",
        "",
        f"Written by `benchmarks/startup.sh --starts {args.starts}` on {started_at:%Y-%m-%d %H:%M} UTC "
        f"({os.cpu_count()} CPUs; every start pinned to CPU 0 with `taskset -c 0`, so the JVM sizes itself "
        "for one). Time from exec to the first 200 answer to a request that does real work (`/json`, "
        "`/hello`, `GET /users?limit=1` on the embedded H2), polled every 5 ms; RSS read right after it. "
        f"Median of {args.starts} starts per row, rows interleaved; the machine is shared, so compare rows "
        "within this table.",
        "",
        "| app, how it is started | first answer, ms (min-max) | × raw Vert.x | RSS after, MB |",
        "| --- | ---: | ---: | ---: |",
    ]
    for name, runs in results.items():
        times = sorted(ms for ms, _ in runs)
        lines.append(f"| {name} | {statistics.median(times):.0f} ({times[0]:.0f}-{times[-1]:.0f}) | "
                     f"{statistics.median(times) / reference:.2f} | {statistics.median(r for _, r in runs):.0f} |")
    # The rows' starts are interleaved: start i of one row ran beside start i of the others, so a goal
    # against another row is judged start by start, and an absolute one on every start.
    def every(name, index):
        return [run[index] for run in results[name]]

    def median_of(name, index):
        return statistics.median(every(name, index))

    def over(values, limit, unit):
        return f"starts {rounds_text(values, '{:.0f}')} {unit}" + (
            f"; median over by {statistics.median(values) - limit:.0f} {unit}" if statistics.median(values) > limit else "")

    judged = []
    for app in ("plain methods", "user service (H2)"):
        for row, goal in ((f"{app}, launcher + AOT cache", GOAL_WITH_CACHE_MS), (f"{app}, launcher, no cache",
                                                                                 GOAL_WITHOUT_CACHE_MS)):
            times = every(row, 0)
            how = "with the AOT cache" if "AOT" in row else "without it"
            judged.append(Goal(f"{app} through the launcher {how}, pinned: < {goal} ms",
                               f"{statistics.median(times):.0f} ms", below(goal, times), over(times, goal, "ms")))
    helidon = every("Helidon SE, java -jar", 0)
    plain_jar = every("plain methods, java -jar", 0)
    judged.append(Goal(f"plain methods, java -jar (no cache): at most Helidon SE's ({statistics.median(helidon):.0f} ms)",
                       f"{statistics.median(plain_jar):.0f} ms",
                       at_most(1.0, [ours / theirs for ours, theirs in zip(plain_jar, helidon)]),
                       "start by start: " + rounds_text([ours / theirs for ours, theirs in zip(plain_jar, helidon)]) + "×"))
    vertx_rss = every("raw Vert.x, java -jar", 1)
    for name in ("plain methods, launcher + AOT cache", "plain methods, launcher, no cache"):
        rss = every(name, 1)
        ratios = [ours / theirs for ours, theirs in zip(rss, vertx_rss)]
        judged.append(Goal(f"{name}, no limit: RSS after start at most raw Vert.x's ({statistics.median(vertx_rss):.0f} MB)",
                           f"{statistics.median(rss):.0f} MB", at_most(1.0, ratios),
                           "start by start: " + rounds_text(ratios) + "×"))
    small = every("plain methods, launcher sized for 128 MiB", 1)
    judged.append(Goal("plain methods, launcher sized for 128 MiB: RSS after start < 64 MB",
                       f"{statistics.median(small):.0f} MB", below(64, small), over(small, 64, "MB")))
    lines += [""] + table(judged)
    (BENCHMARKS / "STARTUP.md").write_text("\n".join(lines) + "\n")
    report.splice(BENCHMARKS / "RESULTS.md", "startup")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
