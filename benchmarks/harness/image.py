#!/usr/bin/env python3
"""The user service's container image (./mvnw package -Pimage) run in podman, against bin/user-service
started with the same limits; behind benchmarks/image.sh, which builds both first.

Both run the same user service on PostgreSQL (a temporary database on the machine's server), with
128 MiB of memory and one CPU (CPU 0; wrk on CPU 1): the image under podman (--memory, --cpus,
--cpuset-cpus, the host's network), bin/user-service in a memory cgroup of that limit and a CPU cgroup of
one CPU's quota (as --cpus=1 makes), pinned with taskset. It records what the launcher inside the image saw, whether the JVM accepted the AOT cache
(-Xlog:aot with -XX:AOTMode=on, which exits rather than start without it), the time from start to a
200 from /health/ready (median of interleaved starts: `podman start` of a created container against
exec of the launcher), and then, for each, 1000 seeded users and the 80/20 GET/POST mix over 256
connections: survival, rps, p99, errors, RSS. Writes benchmarks/IMAGE.md and its section of
benchmarks/RESULTS.md.
"""
import argparse
import datetime
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import container  # noqa: E402 (the memory cgroup, the store, seeding and the mix)
import harness  # noqa: E402
import report  # noqa: E402
from goals import INCONCLUSIVE, Goal, at_most, rounds_text, table  # noqa: E402

ROOT = harness.ROOT
BENCHMARKS = ROOT / "benchmarks"
IMAGE_MD = BENCHMARKS / "IMAGE.md"
PODMAN = ["podman", "--cgroup-manager=cgroupfs", "--runtime", "runc"]
NAME = f"jz-bench-image-{os.getpid()}"
MIB = 1024 * 1024
CLEANUP = container.CLEANUP


def podman(*args, check=True, timeout=300):
    return subprocess.run([*PODMAN, *args], capture_output=True, text=True, check=check, timeout=timeout)


def ready(base, timeout=0.5):
    try:
        return harness.fetch(base + "/health/ready", timeout=timeout)[0] == 200
    except (OSError, urllib.error.URLError, ValueError):
        return False


def await_ready(base, alive, started, seconds=120):
    """Seconds from started until /health/ready answers 200, polled every 10 ms; None when the service died
    or never did."""
    while time.monotonic() - started < seconds:
        if ready(base):
            return time.monotonic() - started
        if not alive():
            return None
        time.sleep(0.01)
    return None


def process_up(log_text):
    """The JVM's own start-up time, from jZenith's "started in X ms (process up Y ms)" line."""
    m = re.search(r"jZenith started in (\d+) ms \((?:process|JVM) up (\d+) ms\)", log_text)
    return (int(m.group(1)), int(m.group(2))) if m else (None, None)


# -- the two ways of running it ---------------------------------------------------------------------------------------

class InImage:
    label = "image in podman"

    def __init__(self, image, memory_mib, env):
        self.image, self.memory_mib, self.env = image, memory_mib, env
        self.container = None

    def command(self, port, store_args, name="NAME", extra_env=None):
        env = [f"--env={k}={v}" for k, v in {**self.env, **(extra_env or {})}.items()]
        return [*PODMAN, "create", f"--name={name}", "--network=host",
                "--ulimit=nofile=20000:20000", "--ulimit=nproc=4096:4096",
                f"--memory={self.memory_mib}m", "--memory-swap=" + f"{self.memory_mib}m", "--cpus=1",
                f"--cpuset-cpus={harness.SERVER_CPU}", *env, self.image, f"--rest.port={port}",
                "--user.store=postgresql", *store_args]

    def start(self, port, store_args, extra_env=None):
        """Creates the container (not timed), then starts it; returns the monotonic time of the start."""
        name = f"{NAME}-{port}"
        command = self.command(port, store_args, name, extra_env)
        subprocess.run(command, check=True, capture_output=True, text=True, timeout=120)
        self.container = name
        CLEANUP.push(f"container {name}", lambda: podman("rm", "-f", "-t", "10", name, check=False))
        started = time.monotonic()
        podman("start", name)
        self.start_cost = time.monotonic() - started
        return started

    def alive(self):
        out = podman("inspect", "--format", "{{.State.Running}}", self.container, check=False).stdout.strip()
        return out == "true"

    def pid(self):
        out = podman("inspect", "--format", "{{.State.Pid}}", self.container, check=False).stdout.strip()
        return int(out) if out.isdigit() and out != "0" else None

    def oom_killed(self):
        return podman("inspect", "--format", "{{.State.OOMKilled}}", self.container, check=False).stdout.strip() == "true"

    def cgroup_peak_mib(self):
        path = podman("inspect", "--format", "{{.State.CgroupPath}}", self.container, check=False).stdout.strip()
        for file in ("memory.max_usage_in_bytes", "memory.peak"):
            candidate = Path("/sys/fs/cgroup/memory" + path) / file
            if not candidate.exists():
                candidate = Path("/sys/fs/cgroup" + path) / file
            if candidate.exists():
                return round(int(candidate.read_text().strip()) / MIB, 1)
        return None

    def logs(self):
        out = podman("logs", self.container, check=False)
        return out.stdout + out.stderr

    def stop(self):
        name, self.container = self.container, None
        podman("rm", "-f", "-t", "10", name, check=False)


class Launcher:
    label = "bin/user-service"

    def __init__(self, home, memory_mib, env, scratch, label=None):
        self.home, self.memory_mib, self.env, self.scratch = home, memory_mib, env, scratch
        self.label = label or Launcher.label
        self.process, self.cgroup, self.log_path = None, None, None

    def command(self, port, store_args):
        return [str(self.home / "bin" / "user-service"), f"--rest.port={port}", "--user.store=postgresql", *store_args]

    def start(self, port, store_args, extra_env=None):
        version, parent = container.Cgroup.hierarchy()
        if not version:
            raise SystemExit(f"image.py needs a memory cgroup for bin/user-service: {parent}")
        self.cgroup = container.Cgroup.create(version, parent, f"{container.PREFIX}{os.getpid()}-image-{port}",
                                              self.memory_mib * MIB)
        CLEANUP.push(f"cgroup {self.cgroup.path}", self.cgroup.remove)
        procs = [str(self.cgroup.procs_file)]
        if version == "v1":  # on v2 the memory cgroup has the CPU controller too
            # One CPU's quota, as podman's --cpus=1 makes: the same bandwidth limit, and one weight for all its threads.
            cpu = harness.CpuQuota.create(f"{container.PREFIX}{os.getpid()}-image-cpu-{port}", 1.0)
            CLEANUP.push(f"cgroup {cpu.path}", cpu.remove)
            procs.append(str(cpu.procs_file))
        else:
            try:
                (self.cgroup.path / "cpu.max").write_text("100000 100000")
            except OSError as e:
                print(f"  ! no CPU quota for bin/user-service ({e}): podman's --cpus=1 has one", flush=True)
        self.log_path = self.scratch / f"launcher-{port}.log"
        log = open(self.log_path, "w")
        CLEANUP.push("log", log.close)
        env = {k: v for k, v in os.environ.items() if not k.startswith("JZENITH_") and k != "JAVA_OPTS"}
        env.update(self.env)
        env.update(extra_env or {})
        command = ["taskset", "-c", harness.SERVER_CPU, "sh", "-c",
                   'for f in $(echo "$0" | tr , " "); do echo $$ > "$f"; done && exec "$@"',
                   ",".join(procs), *self.command(port, store_args)]
        started = time.monotonic()
        self.process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        CLEANUP.push("the service", lambda: container.stop_process(self.process))
        return started

    def alive(self):
        return self.process.poll() is None

    def pid(self):
        return self.process.pid

    def oom_killed(self):
        return self.cgroup.oom_kills() > 0

    def cgroup_peak_mib(self):
        peak = self.cgroup.peak()
        return None if peak is None else round(peak / MIB, 1)

    def logs(self):
        return self.log_path.read_text(errors="replace")

    def stop(self):
        container.stop_process(self.process)


# -- the runs ---------------------------------------------------------------------------------------------------------

def fresh_database():
    name = f"jz_bench_image_{os.getpid()}_{int(time.monotonic() * 1000) % 1000000}"
    container.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    container.psql(f"CREATE DATABASE {name}")
    CLEANUP.push(f"database {name}", lambda: container.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    return ["--postgresql.host=127.0.0.1", "--postgresql.port=5432", "--postgresql.username=postgres",
            f"--postgresql.database={name}"]


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_ms(pid):
    """The CPU time (user, system) the process has used, in ms, from /proc/PID/stat; (None, None) when gone.
    On a shared machine this is the steadier measure of start-up work: wall time also holds the waits for a
    CPU that other processes had."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, TypeError):
        return None, None
    return int(fields[11]) * 1000 // CLOCK_TICKS, int(fields[12]) * 1000 // CLOCK_TICKS


def one_start(runner, extra_env=None):
    """Starts, waits for readiness, stops; (seconds to ready or None, the JVM's process-up ms, the log, the
    JVM's CPU ms (user, system) when it became ready)."""
    mark = CLEANUP.mark()
    try:
        port = harness.free_port()
        store_args = fresh_database()
        started = runner.start(port, store_args, extra_env)
        seconds = await_ready(f"http://127.0.0.1:{port}", runner.alive, started)
        cpu = cpu_ms(runner.pid()) if seconds is not None else (None, None)
        log = runner.logs()
        runner.stop()
        return seconds, process_up(log)[1], log, cpu
    finally:
        CLEANUP.run(mark)


def aot_check(runner):
    """One start with -Xlog:aot and -XX:AOTMode=on: the AOT lines the JVM logged and whether it became ready."""
    seconds, _, log, _ = one_start(runner, {"JAVA_OPTS": "-Xlog:aot=info,cds=info", "JZENITH_LAUNCHER_DEBUG": "1"})
    lines = log.splitlines()
    aot = [line for line in lines if re.search(r"\[(aot|cds)\b", line)]
    warnings = [line for line in aot if re.search(r"warning|error|mismatch|disabled|not the one|unable", line, re.I)]
    # The exec line's classpath names every jar: shortened to its first entry.
    launcher = [re.sub(r"(-cp \S+?\.jar):\S+", r"\1:...", line) for line in lines if "launcher:" in line]
    return {"ready": seconds is not None, "aot_lines": len(aot), "warnings": warnings[:10],
            "opened": [line for line in aot if re.search(r"Opened|Using AOT cache|mapped", line, re.I)][:3],
            "launcher": launcher, "tail": lines[-15:] if seconds is None else []}


def load(runner, args):
    mark = CLEANUP.mark()
    result = {"label": runner.label}
    try:
        port = harness.free_port()
        base = f"http://127.0.0.1:{port}"
        started = runner.start(port, fresh_database())
        seconds = await_ready(base, runner.alive, started)
        result["ready_s"] = None if seconds is None else round(seconds, 3)
        if seconds is None:
            result["outcome"] = "did not start"
            result["tail"] = runner.logs().splitlines()[-15:]
            return result
        pid = runner.pid()
        result["rss_after_start_mb"] = harness.proc_status(pid, "VmRSS") if pid else None
        ids, failed, took = container.seed(base, args.seed)
        result["seeded"], result["seed_failures"] = len(ids), failed
        if not ids:
            result["outcome"] = "seeding failed"
            return result
        script = Path(args.scratch) / f"mix-{runner.label.replace('/', '-').replace(' ', '-')}.lua"
        script.write_text(container.MIX_LUA.replace("{IDS}", "{" + ",".join(json.dumps(i) for i in ids) + "}"))
        if args.warmup:
            container.run_wrk(base, args.connections, args.warmup, script)
        measured, out = container.run_wrk(base, args.connections, args.duration, script)
        result["wrk"] = measured
        if measured is None:
            result["wrk_output"] = out[-2000:]
        result["rss_after_load_mb"] = harness.proc_status(pid, "VmRSS") if pid else None
        result["vmhwm_mb"] = harness.proc_status(pid, "VmHWM") if pid else None
        result["cgroup_peak_mib"] = runner.cgroup_peak_mib()
        result["oom_killed"] = runner.oom_killed()
        answers = ready(base, timeout=5)
        result["outcome"] = "survived" if answers and runner.alive() and not result["oom_killed"] else (
            "OOM-killed" if result["oom_killed"] else "died" if not runner.alive() else "stopped answering")
        result["elapsed_s"] = round(time.monotonic() - started, 1)
        runner.stop()
        return result
    finally:
        CLEANUP.run(mark)


# -- the report -------------------------------------------------------------------------------------------------------

def fmt(value, digits=0):
    if value is None:
        return ""
    return f"{value:,.{digits}f}" if isinstance(value, float) or digits else f"{value:,}"


def write_report(data):
    meta = data["meta"]
    lines = ["# The user service's container image in podman", "",
             f"Written by `{meta['command']}` on {meta['finished']}. Do not edit by hand: run it again."
             + (" (`--no-build`: the image and bin/user-service that the last `benchmarks/image.sh` built, from the "
                "same sources.)" if "--no-build" in meta["command"] else ""), "",
             f"- Machine: {meta['machine']}; podman {meta['podman']}, runc; cgroup {meta['cgroup']}.",
             f"- Image: `{meta['image']}` from `./mvnw package -Pimage -pl examples/user-service` on the base image of "
             "`scripts/base-image.sh` (Debian bookworm, a jlinked Java 25); its layers over the base, newest last:",
             ""]
    lines += ["  | layer | size |", "  | --- | ---: |"]
    lines += [f"  | {layer['comment'] or layer['created_by']} | {layer['size']} |" for layer in meta["layers"]]
    lines += ["", f"  User: `{meta['user']}`; entry point `{meta['entrypoint']}`.",
              f"- Run as: `{meta['podman_run']}`, each start in a fresh container (`podman create`, then `podman "
              "start` timed) with a fresh PostgreSQL database on the machine's server.",
              f"- Against: `bin/user-service` from `./mvnw package -pl examples/user-service` (its AOT cache trained by the "
              f"build's JDK), started in a memory cgroup of {meta['memory_mib']} MiB and a CPU cgroup with one CPU's "
              "quota (what `--cpus=1` makes), pinned to CPU "
              f"{harness.SERVER_CPU} with `taskset`, same arguments and environment. The JDK's and the jars' file pages "
              "it reads were cached outside its cgroup and are not charged to it; the container's are charged to "
              "it where it reads them first.",
              f"- Both with `JZENITH_AOT={meta['aot_mode']}`"
              + (" (`-XX:AOTMode=on`: the JVM exits instead of starting without the cache, so every timed start is a start"
                 " with the cache accepted; the launcher's default leaves the cache out below 192 MiB)"
                 if meta["aot_mode"] == "on" else "") + ".",
              f"- Commit {meta['commit']}; the machine is shared (2 CPUs, other builds beside): compare the two columns of"
              " one run, not runs.", ""]
    lines += ["## What the launcher inside the image saw", "", "```"]
    lines += data["aot"]["image"]["launcher"] or ["(nothing: JZENITH_LAUNCHER_DEBUG lines missing)"]
    lines += ["```", "", "## The AOT cache", "",
              "One start each with `JAVA_OPTS=-Xlog:aot=info,cds=info` (and the launcher's `-XX:AOTMode=on`):", "",
              "| run | became ready | AOT log lines | warnings | first lines saying the cache is in use |",
              "| --- | --- | ---: | --- | --- |"]
    for key, label in (("image", "image in podman"), ("launcher", "bin/user-service")):
        check = data["aot"][key]
        lines.append(f"| {label} | {'yes' if check['ready'] else 'no'} | {check['aot_lines']} | "
                     f"{'<br>'.join('`' + w.strip() + '`' for w in check['warnings']) or 'none'} | "
                     f"{'<br>'.join('`' + o.strip()[:160] + '`' for o in check['opened'])} |")
    starts = data["starts"]
    lines += ["", f"## Start-up to /health/ready ({meta['starts']} interleaved starts each)", "",
              "Wall time from `podman start` (the container already created) or the launcher's exec to the first 200 "
              "from `/health/ready`; the JVM's own `JVM up` from jZenith's start-up line; and the CPU time the JVM "
              "had used by then (user + system, from `/proc/PID/stat`), which other processes on the machine disturb "
              "far less than wall time.", "",
              "| run | ready, median ms (min-max) | JVM up, median ms | of which `podman start`, median ms | "
              "CPU to ready, median ms (user + system) | starts |",
              "| --- | ---: | ---: | ---: | ---: | --- |"]
    medians = {}
    judged = []
    rows = [("image", "image in podman"), ("launcher", "bin/user-service")]
    if starts.get("unpacked"):
        rows.append(("unpacked", "the image's distribution and Java, outside podman"))
    for key, label in rows:
        ok = [s for s in starts[key] if s["ready_s"] is not None]
        ups = [s["process_up_ms"] for s in ok if s["process_up_ms"] is not None]
        if ok:
            ms = [s["ready_s"] * 1000 for s in ok]
            medians[key] = statistics.median(ms)
            costs = [s["podman_start_s"] * 1000 for s in ok if s.get("podman_start_s") is not None]
            cpu = [(s["cpu_user_ms"], s["cpu_system_ms"]) for s in ok if s.get("cpu_user_ms") is not None]
            cpu_cell = (f"{fmt(statistics.median(u + k for u, k in cpu))} ({fmt(statistics.median(u for u, _ in cpu))}"
                        f" + {fmt(statistics.median(k for _, k in cpu))})") if cpu else ""
            lines.append(f"| {label} | {medians[key]:,.0f} ({min(ms):,.0f}-{max(ms):,.0f}) | "
                         f"{fmt(statistics.median(ups)) if ups else ''} | "
                         f"{fmt(statistics.median(costs), 0) if costs else ''} | {cpu_cell} | "
                         f"{len(ok)} of {len(starts[key])} ready |")
        else:
            lines.append(f"| {label} | | | | | none of {len(starts[key])} ready |")
    if "image" in medians and "launcher" in medians:
        ratio = medians["image"] / medians["launcher"]
        # Start i of the image ran beside start i of the launcher (interleaved): judge the goal start by start.
        pairs = [a["ready_s"] / b["ready_s"] for a, b in zip(starts["image"], starts["launcher"])
                 if a["ready_s"] is not None and b["ready_s"] is not None]
        judged.append(Goal("the image in podman ready within 1.10× bin/user-service's time", f"{ratio:.2f}× (medians)",
                           at_most(1.10, pairs) if pairs else INCONCLUSIVE,
                           f"start by start: {rounds_text(pairs)}×" if pairs else "no start of both was ready"))
        lines += ["", f"Image against bin/user-service: **{ratio:.2f}x** the median time to ready (the goal is 10% more;"
                  " judged under Goals below)."]
        after_start = [(s["ready_s"] - s["podman_start_s"]) * 1000 for s in starts["image"]
                       if s["ready_s"] is not None and s.get("podman_start_s") is not None]
        if after_start:
            inside = statistics.median(after_start) / medians["launcher"]
            lines += ["", f"Counted from when `podman start` returned (the container's process running, podman's "
                      f"own work done): {statistics.median(after_start):,.0f} ms, **{inside:.2f}x** bin/user-service's. "
                      "The difference between the two ratios is the container runtime's cost of a start (podman, "
                      "conmon, runc, the cgroups), which the image cannot change; a Kubernetes node has a runtime of "
                      "its own there."]
    if starts.get("unpacked"):
        lines += ["", "The third row starts `examples/user-service/target/user-service` as `-Pimage` left it (its jars at "
                  "Jib's time, its cache trained by the image's Java) with the image's Java "
                  "(`target/base-image/rootfs/opt/java/openjdk`), in the same cgroups as bin/user-service: the image's "
                  "files without podman, to tell the container's cost from the jlinked Java's."]
    lines += ["", f"## {meta['duration']} s of the 80/20 mix at {meta['connections']} connections", "",
              f"{meta['seed']} users seeded with `POST /users`, {meta['warmup']} s of warm-up, then {meta['duration']} s "
              f"measured: 80% `GET /users/{{id}}` of a seeded user, 20% `POST /users` (`wrk -t1 -c{meta['connections']} "
              "--timeout 5s`, on CPU 1). RSS is the JVM's (VmRSS, VmHWM); peak is the memory cgroup's high-water mark, "
              "page cache included.", "",
              "| run | outcome | ready s | rps | p50 ms | p99 ms | max ms | errors | RSS after start MB | "
              "RSS after load MB | VmHWM MB | cgroup peak MiB |",
              "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for run in data["load"]:
        w = run.get("wrk") or {}
        lines.append(f"| {run['label']} | {run['outcome']} | {fmt(run.get('ready_s'), 2)} | {fmt(w.get('rps'), 0)} | "
                     f"{fmt(w.get('p50'), 2)} | {fmt(w.get('p99'), 2)} | {fmt(w.get('max'), 0)} | "
                     f"{fmt(w.get('errors')) if w else ''} | {fmt(run.get('rss_after_start_mb'))} | "
                     f"{fmt(run.get('rss_after_load_mb'))} | {fmt(run.get('vmhwm_mb'))} | "
                     f"{fmt(run.get('cgroup_peak_mib'), 1)} |")
    for run in data["load"]:
        if run.get("tail"):
            lines += ["", f"{run['label']} ended with:", "", "```", *run["tail"], "```"]
    if judged:
        lines += [""] + table(judged)
    IMAGE_MD.write_text("\n".join(lines) + "\n")
    report.splice(BENCHMARKS / "RESULTS.md", "image")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--image", required=True, help="the image's name, as podman load gave it")
    parser.add_argument("--reference", required=True, type=Path, help="a copy of target/user-service built without -Pimage")
    parser.add_argument("--memory", type=int, default=128, help="MiB for both")
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--duration", type=int, default=60)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--connections", type=int, default=256)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--aot", default="on", choices=["on", "auto", "off"], help="JZENITH_AOT for both")
    parser.add_argument("--command", default="benchmarks/image.sh")
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()
    results = BENCHMARKS / "results" / "image.json"
    if args.report_only:
        write_report(json.loads(results.read_text()))
        return
    args.scratch = tempfile.mkdtemp(prefix="jz-bench-image-")
    CLEANUP.push(f"scratch {args.scratch}", lambda: subprocess.run(["rm", "-rf", args.scratch], check=False))
    env = {"JZENITH_AOT": args.aot}
    image = InImage(args.image, args.memory, env)
    launcher = Launcher(args.reference, args.memory, env, Path(args.scratch))
    unpacked = Launcher(ROOT / "examples/user-service/target/user-service", args.memory,
                        {**env, "JAVA_HOME": str(ROOT / "target/base-image/rootfs/opt/java/openjdk")},
                        Path(args.scratch), label="image's files, outside podman")
    inspect = json.loads(podman("image", "inspect", args.image).stdout)[0]
    history = json.loads(podman("history", "--format", "json", args.image).stdout)
    layers = [{"comment": h.get("comment", ""), "created_by": h.get("CreatedBy", h.get("createdBy", "")),
               "size": h.get("size", h.get("Size", ""))} for h in history]
    base_layers = 1  # the base image's one layer (scripts/base-image.sh)
    layers = list(reversed(layers))[base_layers:]
    for layer in layers:
        size = layer["size"]
        layer["size"] = f"{size / 1e6:.1f} MB" if isinstance(size, (int, float)) else size
    config = inspect.get("Config", {})
    meta = {"command": args.command, "image": args.image, "memory_mib": args.memory, "starts": args.starts,
            "duration": args.duration, "warmup": args.warmup, "connections": args.connections, "seed": args.seed,
            "aot_mode": args.aot, "layers": layers, "user": config.get("User", ""),
            "entrypoint": " ".join(config.get("Entrypoint") or []),
            "podman": podman("--version").stdout.split()[-1],
            "cgroup": container.Cgroup.hierarchy()[0] or "none",
            "machine": harness.machine() if hasattr(harness, "machine") else "",
            "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                     cwd=ROOT).stdout.strip(),
            "podman_run": " ".join(shlex.quote(c) for c in image.command(8080, ["--postgresql.host=127.0.0.1", "..."]))
            .replace(" create --name=NAME", " run --rm")}
    if isinstance(meta["machine"], dict):
        meta["machine"] = ", ".join(f"{k} {v}" for k, v in meta["machine"].items())
    data = {"meta": meta, "aot": {}, "starts": {"image": [], "launcher": [], "unpacked": []}, "load": []}
    try:
        print("AOT check: image", flush=True)
        data["aot"]["image"] = aot_check(image)
        print(f"  {data['aot']['image']}", flush=True)
        print("AOT check: bin/user-service", flush=True)
        data["aot"]["launcher"] = aot_check(launcher)
        print(f"  {data['aot']['launcher']}", flush=True)
        for i in range(args.starts):
            order = [("image", image), ("launcher", launcher), ("unpacked", unpacked)]
            for key, runner in order[i % 3:] + order[:i % 3]:
                seconds, up, _, (user, system) = one_start(runner)
                data["starts"][key].append({"ready_s": seconds, "process_up_ms": up,
                                            "podman_start_s": getattr(runner, "start_cost", None),
                                            "cpu_user_ms": user, "cpu_system_ms": system})
                print(f"start {i + 1} {key}: ready {seconds} s, process up {up} ms, CPU {user}+{system} ms",
                      flush=True)
        for runner in (image, launcher):
            print(f"load: {runner.label}", flush=True)
            run = load(runner, args)
            data["load"].append(run)
            print(f"  {json.dumps(run)[:600]}", flush=True)
    finally:
        CLEANUP.run()
    meta["finished"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    results.parent.mkdir(parents=True, exist_ok=True)
    results.write_text(json.dumps(data, indent=1))
    write_report(data)
    print(f"wrote {IMAGE_MD}", flush=True)


if __name__ == "__main__":
    main()
