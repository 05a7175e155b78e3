#!/usr/bin/env python3
"""The user service as users deploy it: started by its launcher inside a memory cgroup of its own,
on each store, under an 80/20 GET/POST mix; behind benchmarks/container.sh (see benchmarks/README.md).

For each store (embedded H2, reactive PostgreSQL, Redis) and each memory limit: a fresh store (a
temporary database, a private redis-server), a fresh cgroup with the limit and no swap, the JVM put
into it before it execs (nothing else goes in: not wrk, not the database), pinned to CPU 0 with wrk
on CPU 1. It records the time to the first good response, RSS after start, the JVM settings the
launcher chose, then seeds users and runs the mix: rps, latency, errors, whether the kernel
OOM-killed the JVM (the cgroup's own counters, not dmesg), the cgroup's peak, and Native Memory
Tracking's breakdown near the end of the load. Each configuration's result is kept in
benchmarks/results/container/, so that an interrupted run resumes where it stopped; the report
goes to benchmarks/CONTAINER.md and its section of benchmarks/RESULTS.md.
"""
import argparse
import datetime
import hashlib
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402 (the harness's helpers: ports, wrk's report, /proc, jstat)
import report  # noqa: E402
from goals import Goal, below, shorter, single, table  # noqa: E402

ROOT = harness.ROOT
BENCHMARKS = ROOT / "benchmarks"
RESULTS = BENCHMARKS / "results" / "container"
CONTAINER_MD = BENCHMARKS / "CONTAINER.md"
REPORT_DIR = BENCHMARKS / "report"
DEFAULT_LAUNCHER = ROOT / "examples/user-service/target/user-service/bin/user-service"
STAND_IN = BENCHMARKS / "harness" / "stand-in-launcher.sh"
DEFAULT_PLAIN_LAUNCHER = BENCHMARKS / "apps/jzenith-plain/target/jzenith-plain/bin/jzenith-plain"
STORES = ["jdbc", "postgresql", "redis", "memory"]
DEFAULT_STORES = ["jdbc", "postgresql", "redis"]
STORE_NAMES = {"jdbc": "H2 (embedded, JDBC)", "postgresql": "PostgreSQL (reactive)", "redis": "Redis",
               "memory": "in memory (apps/jzenith-plain)"}
# Where the service answers once it has started: the user service's own API, or the plain app's /json.
READY_PATHS = {"memory": "/json"}
PREFIX = "jz-bench-"
MIB = 1024 * 1024
GOAL_SECONDS = 600


# -- cleaning up: everything a run creates is undone, in reverse order, also on Ctrl-C or SIGTERM -------------------

class Cleanup:
    def __init__(self):
        self.actions = []

    def push(self, what, action):
        self.actions.append((what, action))

    def mark(self):
        return len(self.actions)

    def run(self, down_to=0):
        while len(self.actions) > down_to:
            what, action = self.actions.pop()
            try:
                action()
            except Exception as e:  # noqa: BLE001 (one failed step must not leave the others undone)
                print(f"  ! cleaning up {what}: {e}", file=sys.stderr, flush=True)


CLEANUP = Cleanup()


def on_terminate(signum, _frame):
    raise KeyboardInterrupt(f"signal {signum}")


# -- the memory cgroup ----------------------------------------------------------------------------------------------

class Cgroup:
    """One memory cgroup for the JVM, on cgroup v2 (memory.max) or v1 (memory.limit_in_bytes)."""

    def __init__(self, version, path):
        self.version, self.path = version, path

    @staticmethod
    def hierarchy():
        """(version, where new cgroups go) of the machine's memory controller, or (None, reason)."""
        unified = Path("/sys/fs/cgroup")
        controllers = unified / "cgroup.controllers"
        if controllers.exists() and "memory" in controllers.read_text().split():
            subtree = unified / "cgroup.subtree_control"
            if "memory" not in subtree.read_text().split():
                try:
                    subtree.write_text("+memory")
                except OSError as e:
                    return None, f"cgroup v2 without the memory controller for children ({e})"
            return "v2", unified
        v1 = unified / "memory"
        if (v1 / "memory.limit_in_bytes").exists():
            return "v1", v1
        return None, "no memory cgroup controller is mounted"

    @classmethod
    def create(cls, version, parent, name, limit):
        path = parent / name
        path.mkdir()
        cgroup = cls(version, path)
        if version == "v2":
            cgroup.write("memory.max", limit)
            if (path / "memory.swap.max").exists():
                cgroup.write("memory.swap.max", 0)
        else:
            cgroup.write("memory.limit_in_bytes", limit)
            if (path / "memory.memsw.limit_in_bytes").exists():
                cgroup.write("memory.memsw.limit_in_bytes", limit)  # and no swap, where swap is accounted
            try:
                cgroup.write("memory.swappiness", 0)
            except OSError:
                pass  # without swap it does not matter; some kernels refuse it
        return cgroup

    def write(self, file, value):
        (self.path / file).write_text(str(value))

    def read(self, file):
        try:
            return (self.path / file).read_text()
        except OSError:
            return ""

    def keyed(self, file):
        values = {}
        for line in self.read(file).splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[1].lstrip("-").isdigit():
                values[parts[0]] = int(parts[1])
        return values

    @property
    def procs_file(self):
        return self.path / "cgroup.procs"

    def pids(self):
        return [int(p) for p in self.read("cgroup.procs").split()]

    def usage(self):
        text = self.read("memory.current" if self.version == "v2" else "memory.usage_in_bytes").strip()
        return int(text) if text else None

    def peak(self):
        """The kernel's own high-water mark (v1 memory.max_usage_in_bytes, v2 memory.peak), or None."""
        text = self.read("memory.peak" if self.version == "v2" else "memory.max_usage_in_bytes").strip()
        return int(text) if text.isdigit() else None

    def oom_kills(self):
        return (self.keyed("memory.events") if self.version == "v2" else self.keyed("memory.oom_control")).get(
            "oom_kill", 0)

    def limit_hits(self):
        """How often usage reached the limit: v1 memory.failcnt, v2 memory.events' max."""
        if self.version == "v2":
            return self.keyed("memory.events").get("max", 0)
        text = self.read("memory.failcnt").strip()
        return int(text) if text.isdigit() else 0

    def stat(self):
        """Anonymous memory, page cache, mapped files and kernel memory charged to the cgroup, bytes."""
        stat = self.keyed("memory.stat")
        if self.version == "v2":
            return {"anon": stat.get("anon", 0), "file": stat.get("file", 0), "mapped": stat.get("file_mapped", 0),
                    "kernel": stat.get("kernel", stat.get("kernel_stack", 0) + stat.get("slab", 0)),
                    "sock": stat.get("sock", 0)}
        kmem = self.read("memory.kmem.usage_in_bytes").strip()
        return {"anon": stat.get("total_rss", stat.get("rss", 0)), "file": stat.get("total_cache", stat.get("cache", 0)),
                "mapped": stat.get("total_mapped_file", stat.get("mapped_file", 0)),
                "kernel": int(kmem) if kmem.isdigit() else 0, "sock": 0}

    def remove(self):
        for _ in range(100):
            pids = self.pids()
            if not pids:
                break
            for pid in pids:  # ours: only the JVM this run started goes in
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.1)
        harness.remove_cgroup(self.path)


def remove_stale_cgroups(parent):
    """Cgroups that an earlier run, killed before it could clean up, left behind (its pid is in the name)."""
    for path in parent.glob(PREFIX + "*"):
        owner = path.name[len(PREFIX):].split("-")[0]
        if owner.isdigit() and not alive(int(owner)):
            print(f"removing {path}, left by an earlier run", flush=True)
            Cgroup("v2" if parent.name != "memory" else "v1", path).remove()


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


# -- the stores -----------------------------------------------------------------------------------------------------

def psql(sql):
    subprocess.run(["psql", "-X", "-q", "-h", "127.0.0.1", "-p", "5432", "-U", "postgres", "-d", "postgres",
                    "-v", "ON_ERROR_STOP=1", "-c", sql], check=True, capture_output=True, text=True, timeout=60)


def database_name():
    return f"jz_bench_container_{os.getpid()}"


def drop_stale_databases():
    out = subprocess.run(["psql", "-X", "-At", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-c",
                          "SELECT datname FROM pg_database WHERE datname LIKE 'jz_bench_container_%'"],
                         capture_output=True, text=True, timeout=60).stdout.split()
    for name in out:
        owner = name.rsplit("_", 1)[-1]
        if owner.isdigit() and not alive(int(owner)):
            print(f"dropping database {name}, left by an earlier run", flush=True)
            psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def prepare_store(store, scratch):
    """A fresh, empty store for one run; the service's arguments to use it. Undone by CLEANUP."""
    if store == "jdbc":
        return [f"--jdbc.embedded.directory={scratch / 'h2'}"]
    if store == "memory":
        return []  # the plain-methods benchmark app keeps its users in memory
    if store == "postgresql":
        name = database_name()
        psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        psql(f"CREATE DATABASE {name}")
        CLEANUP.push(f"database {name}", lambda: psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        return ["--postgresql.host=127.0.0.1", "--postgresql.port=5432", "--postgresql.username=postgres",
                f"--postgresql.database={name}"]
    if store == "redis":
        port = harness.free_port()
        server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                   "--appendonly", "no", "--dir", str(scratch), "--logfile", str(scratch / "redis.log")],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        CLEANUP.push(f"redis-server on port {port}", lambda: stop_process(server))
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return [f"--redis.connection-string=redis://127.0.0.1:{port}"]
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"redis-server did not answer on port {port}")
    raise ValueError(store)


def stop_process(process, timeout=30):
    """SIGTERM to the process's group, SIGKILL after timeout; returns the exit status and seconds taken."""
    started = time.monotonic()
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return process.returncode, time.monotonic() - started


# -- the JVM --------------------------------------------------------------------------------------------------------

def java_home():
    return os.environ["JAVA_HOME"]


def jcmd(pid, *command, timeout=60):
    try:
        done = subprocess.run([f"{java_home()}/bin/jcmd", str(pid), *command], capture_output=True, text=True,
                              timeout=timeout)
        return done.stdout if done.returncode == 0 else ""
    except (subprocess.SubprocessError, OSError):
        return ""


NMT_GROUPS = [  # (column, NMT categories)
    ("heap", ["Java Heap"]),
    ("class+metaspace", ["Class", "Metaspace"]),
    ("code", ["Code"]),
    ("GC", ["GC", "GCCardSet"]),
    ("thread", ["Thread", "Thread Stack"]),
    ("symbol", ["Symbol"]),
    ("shared class space", ["Shared class space"]),
    ("other+internal", ["Other", "Internal"]),
    ("arena", ["Arena Chunk"]),
    ("compiler", ["Compiler"]),
    ("NMT", ["Native Memory Tracking"]),
]


def parse_nmt(text):
    """Committed KB by NMT category, the total, and the thread and class counts."""
    categories = {m.group(1): int(m.group(3)) for m in
                  re.finditer(r"^-\s+(.+?) \(reserved=(\d+)KB, committed=(\d+)KB", text, re.M)}
    total = re.search(r"^Total: reserved=(\d+)KB, committed=(\d+)KB", text, re.M)
    threads = re.search(r"\(threads #(\d+)\)", text)
    classes = re.search(r"\(classes #(\d+)\)", text)
    return {"categories": categories, "total_kb": int(total.group(2)) if total else None,
            "threads": int(threads.group(1)) if threads else None,
            "classes": int(classes.group(1)) if classes else None}


FLAGS = ("MaxHeapSize", "InitialHeapSize", "MaxMetaspaceSize", "ReservedCodeCacheSize", "ThreadStackSize",
         "MaxDirectMemorySize", "ActiveProcessorCount", "TieredStopAtLevel", "CICompilerCount", "MaxRAM")


def jvm_settings(pid, log_path):
    """The JVM options on the command line (what the launcher chose) and the flags that follow from them,
    from -XX:+PrintFlagsFinal in the service's log (attaching jcmd at start would cost the JVM memory
    just when it has least)."""
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")[1:]
    except OSError:
        argv = []
    options = []
    for arg in argv:
        if arg in ("-jar", "-cp", "-classpath", "--class-path", "-m", "--module") or not arg.startswith("-"):
            break
        options.append(arg)
    printed = log_path.read_text(errors="replace")
    flags = dict(re.findall(r"^\s*\S+ (\w+)\s+= (\S+)\s+\{", printed, re.M))
    collector = next((name[3:-2] for name in ("UseSerialGC", "UseParallelGC", "UseG1GC", "UseZGC", "UseShenandoahGC")
                      if flags.get(name) == "true"), None)
    return {"options": options, "collector": collector, **{k: flags[k] for k in FLAGS if k in flags}}


def java_pid(cgroup, process):
    """The JVM in the cgroup (the launcher may exec it or run it as a child), else the process started."""
    pids = cgroup.pids() if cgroup else []
    for pid in pids:
        if harness.is_java(pid):
            return pid
    if cgroup is None:
        for pid in [process.pid, *map(int, subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True,
                                                          text=True).stdout.split())]:
            if harness.is_java(pid):
                return pid
    return None


class Sampler(threading.Thread):
    """The cgroup's usage, its anonymous memory and the JVM's RSS every second, and when the JVM died."""

    def __init__(self, cgroup, process, started):
        super().__init__(daemon=True)
        self.cgroup, self.process, self.started = cgroup, process, started
        self.samples, self.stopping = [], threading.Event()

    def run(self):
        pid = None
        while not self.stopping.is_set() and self.process.poll() is None:
            pid = pid or java_pid(self.cgroup, self.process)  # from the start on, before the JVM is found too
            t = round(time.monotonic() - self.started, 1)
            usage = self.cgroup.usage() if self.cgroup else None
            anon = self.cgroup.stat()["anon"] if self.cgroup else None
            rss = harness.proc_status(pid, "VmRSS") if pid else None
            self.samples.append([t, mib(usage), mib(anon), rss])
            self.stopping.wait(1)

    def stop(self):
        self.stopping.set()
        self.join(timeout=5)


class Watcher(threading.Thread):
    """Notes when the service's process ends (the launcher execs the JVM, or waits for it), to the
    tenth of a second, unless the benchmark itself stopped it."""

    def __init__(self, process, started):
        super().__init__(daemon=True)
        self.process, self.started, self.died_at, self.stopped_by_us = process, started, None, False

    def run(self):
        while self.process.poll() is None:
            time.sleep(0.1)
        if not self.stopped_by_us:
            self.died_at = round(time.monotonic() - self.started, 1)


def mib(value):
    return None if value is None else round(value / MIB, 1)


# -- the load -------------------------------------------------------------------------------------------------------

MIX_LUA = """-- 80% GET /users/{id} of a seeded user, 20% POST /users; written by benchmarks/harness/container.py.
local ids = {IDS}
local gets, post = {}, nil
function init(args)
  math.randomseed(os.time())
  for i, id in ipairs(ids) do gets[i] = wrk.format("GET", "/users/" .. id) end
  post = wrk.format("POST", "/users", {["Content-Type"] = "application/json"}, '{"name":"Container Benchmark"}')
end
function request()
  if math.random() < 0.8 then return gets[math.random(#gets)] end
  return post
end
"""


def seed(base, count):
    """POSTs count users, eight at a time; their ids, the failures and the seconds it took."""
    def create(i):
        request = urllib.request.Request(base + "/users", data=json.dumps({"name": f"Seeded User {i}"}).encode(),
                                         method="POST", headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read())["id"]
        except (OSError, ValueError, KeyError):
            return None

    started = time.monotonic()
    with ThreadPoolExecutor(8) as pool:
        ids = list(pool.map(create, range(count)))
    return [i for i in ids if i], sum(1 for i in ids if not i), round(time.monotonic() - started, 1)


def run_wrk(url, connections, seconds, script):
    """wrk pinned to the load CPU; killed with the run on Ctrl-C. Its parsed report, or None with the output."""
    process = subprocess.Popen(["taskset", "-c", harness.LOAD_CPU, "wrk", "-t1", f"-c{connections}", f"-d{seconds}s",
                                "--latency", "--timeout", "5s", "-s", str(script), url],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    mark = CLEANUP.mark()
    CLEANUP.push("wrk", lambda: process.poll() is None and process.kill())
    try:
        out, _ = process.communicate(timeout=seconds + 120)
    finally:
        CLEANUP.run(mark)
    try:
        return harness.parse_wrk(out), out
    except (AttributeError, ValueError):
        return None, out


def get_ok(url, timeout=2.0):
    try:
        return harness.fetch(url, timeout=timeout)[0] == 200
    except (OSError, urllib.error.URLError, ValueError):
        return False


# -- one configuration ----------------------------------------------------------------------------------------------

def run_configuration(store, limit_mib, args, hierarchy, launcher, out_dir):
    """Runs the service on one store in one memory limit; the result as a dict (also when it died)."""
    print(f"{store} in {limit_mib} MiB", flush=True)
    if store == "memory":
        launcher = Path(args.plain_launcher).resolve()
    mark = CLEANUP.mark()
    scratch = Path(tempfile.mkdtemp(prefix=f"jz-bench-{store}-"))
    CLEANUP.push(f"scratch {scratch}", lambda: subprocess.run(["rm", "-rf", str(scratch)], check=False))
    result = {"store": store, "limit_mib": limit_mib, "duration": args.duration, "warmup": args.warmup,
              "connections": args.connections, "launcher": str(launcher), "java_opts": args.java_opts,
              "cgroup": hierarchy[0] or f"none (-XX:MaxRAM; {hierarchy[1]})", "commit": commit(),
              "started_at": datetime.datetime.now(datetime.timezone.utc).isoformat()}
    try:
        store_args = prepare_store(store, scratch)
        version, parent = hierarchy
        java_opts = args.java_opts
        cgroup = None
        if version:
            cgroup = Cgroup.create(version, parent, f"{PREFIX}{os.getpid()}-{store}-{limit_mib}", limit_mib * MIB)
            CLEANUP.push(f"cgroup {cgroup.path}", cgroup.remove)
            command = ["taskset", "-c", harness.SERVER_CPU, "sh", "-c", 'echo $$ > "$0" && exec "$@"',
                       str(cgroup.procs_file), str(launcher)]
        else:
            java_opts = f"{java_opts} -XX:MaxRAM={limit_mib}m".strip()
            command = ["taskset", "-c", harness.SERVER_CPU, str(launcher)]
        port = harness.free_port()
        base = f"http://127.0.0.1:{port}"
        service_args = [f"--rest.port={port}", *([] if store == "memory" else [f"--user.store={store}"]),
                        *store_args]
        command += service_args
        result["command"] = " ".join(shlex.quote(c) for c in [os.path.relpath(launcher, ROOT), *service_args])
        log_path = out_dir / f"{store}-{limit_mib}.log"
        log = open(log_path, "w")
        CLEANUP.push("log", log.close)
        # PrintFlagsFinal: the flags the JVM settled on, read from its log (see jvm_settings).
        result["java_opts_effective"] = f"{java_opts} -XX:+PrintFlagsFinal".strip()
        env = dict(os.environ, JAVA_OPTS=result["java_opts_effective"], JZENITH_JDK_CHECKED="1")
        started = time.monotonic()
        process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        CLEANUP.push("the service", lambda: stop_process(process))
        watcher = Watcher(process, started)
        watcher.start()
        sampler = Sampler(cgroup, process, started)
        sampler.start()
        CLEANUP.push("sampler", sampler.stop)
        phases = result["phases"] = {"start-up": 0.0}

        def phase(name):
            phases[name] = round(time.monotonic() - started, 1)
            return process.poll() is None

        # Start-up: the first good answer of the service's own API.
        ready = None
        while time.monotonic() - started < 180 and process.poll() is None:
            if get_ok(base + READY_PATHS.get(store, "/users?limit=1"), timeout=1):
                ready = time.monotonic()
                break
            time.sleep(0.02)
        pid = java_pid(cgroup, process) or process.pid
        if ready is None:
            return finish(result, "did not start", process, cgroup, log_path, sampler, watcher)
        result["startup_ms"] = round((ready - started) * 1000)
        phase("the second after start")
        time.sleep(1)
        result["rss_start_mb"] = harness.proc_status(pid, "VmRSS")
        result["cgroup_start_mib"] = mib(cgroup.usage()) if cgroup else None
        result["jvm"] = jvm_settings(pid, log_path)
        result["aot_cache"] = any(o.startswith("-XX:AOTCache") for o in result["jvm"]["options"])
        print(f"  first good response after {result['startup_ms']} ms, RSS {result['rss_start_mb']} MB,"
              f" cgroup {result['cgroup_start_mib']} MiB; JVM {' '.join(result['jvm']['options'])}", flush=True)

        phase("seeding")
        ids, failed, seconds = seed(base, args.seed)
        result["seed"] = {"users": len(ids), "failed": failed, "seconds": seconds}
        if not ids or process.poll() is not None:
            return finish(result, "seeding failed", process, cgroup, log_path, sampler, watcher)
        script = out_dir / f"mix-{store}-{limit_mib}.lua"
        script.write_text(MIX_LUA.replace("IDS", ", ".join(f'"{i}"' for i in ids)))

        if args.warmup and phase("warm-up"):
            result["warmup_result"], _ = run_wrk(base, args.connections, args.warmup, script)
        if not phase("load"):
            return finish(result, "died", process, cgroup, log_path, sampler, watcher)
        # Native memory near the end of the load, while it is still on.
        nmt = {}
        at = max(1.0, args.duration - min(10.0, args.duration * 0.2))

        def take_nmt():
            if alive(pid):
                nmt["text"] = jcmd(pid, "VM.native_memory", "summary")
                nmt["heap"] = jcmd(pid, "GC.heap_info")
                nmt["rss"] = harness.proc_status(pid, "VmRSS")
                nmt["cgroup"] = mib(cgroup.usage()) if cgroup else None
        timer = threading.Timer(at, take_nmt)
        timer.start()
        CLEANUP.push("NMT timer", timer.cancel)
        gc_before = harness.gc_totals(pid)
        measured, out = run_wrk(base, args.connections, args.duration, script)
        timer.join(timeout=90)
        phase("after the load")
        result["result"] = measured
        if measured is None:
            result["wrk_output"] = out[-2000:]
        print(f"  wrk: {summary(measured)}", flush=True)
        if nmt.get("text"):
            result["nmt"] = parse_nmt(nmt["text"])
            result["nmt_at_s"] = round(at, 1)
            result["nmt_rss_mb"], result["nmt_cgroup_mib"] = nmt.get("rss"), nmt.get("cgroup")
            result["heap_info"] = nmt.get("heap", "").strip()
            (out_dir / f"{store}-{limit_mib}.nmt.txt").write_text(nmt["text"] + "\n" + nmt.get("heap", ""))
        answering = alive(pid) and get_ok(base + READY_PATHS.get(store, "/users?limit=1"), timeout=10)
        gc_after = harness.gc_totals(pid)
        if None not in (*gc_before, *gc_after):
            result["gc"] = {"count": gc_after[0] - gc_before[0], "seconds": round(gc_after[1] - gc_before[1], 2)}
        result["rss_peak_mb"] = harness.proc_status(pid, "VmHWM")
        return finish(result, "survived" if answering else "did not answer after the load", process, cgroup,
                      log_path, sampler, watcher)
    finally:
        CLEANUP.run(mark)


def finish(result, outcome, process, cgroup, log_path, sampler, watcher):
    """Adds what the cgroup and the exit say and stops the service. The outcome names the OOM killer where
    it acted, and the phase (start-up, seeding, warm-up, load) in which the JVM went."""
    if sampler:
        sampler.stop()
        result["samples"] = sampler.samples
    if cgroup:
        result["cgroup_peak_mib"] = mib(cgroup.peak())
        result["limit_hits"] = cgroup.limit_hits()
        result["stat_end_mib"] = {k: mib(v) for k, v in cgroup.stat().items()}
    samples = result.get("samples") or []
    result["cgroup_sampled_peak_mib"] = max((s[1] for s in samples if s[1] is not None), default=None)
    result["anon_peak_mib"] = max((s[2] for s in samples if s[2] is not None), default=None)
    watcher.stopped_by_us = process.poll() is None
    if outcome == "survived":
        status, seconds = stop_process(process)
        result["shutdown"] = {"status": status, "seconds": round(seconds, 1)}
    else:
        status, _ = stop_process(process, timeout=5)
        result["exit_status"] = status
    watcher.join(timeout=5)
    oom = cgroup.oom_kills() if cgroup else 0
    result["oom_kills"] = oom
    if watcher.died_at is not None:
        died = watcher.died_at
        during = max((p for p in result.get("phases", {}).items() if p[1] <= died), key=lambda p: p[1],
                     default=("start-up", 0))
        result["died_at_s"] = died
        cause = "OOM-killed" if oom else f"exited (status {status})"
        outcome = f"{cause} during {during[0]}, {died - during[1]:.0f} s in"
    elif oom:
        outcome = f"OOM-killed ({outcome})"
    result["outcome"] = outcome
    result["survived"] = outcome == "survived"
    if not result["survived"]:
        result["log_tail"] = log_tail(log_path)
    result["finished_at"] = datetime.datetime.now(datetime.timezone.utc).isoformat()
    print(f"  {result['outcome']}; cgroup peak {result.get('cgroup_peak_mib')} MiB, oom kills {oom}", flush=True)
    return result


def log_tail(log_path):
    """The last lines of the service's log that say what went wrong, else its last lines; less
    -XX:+PrintFlagsFinal's table, whose flag names mention OutOfMemoryError too."""
    lines = [line for line in log_path.read_text(errors="replace").splitlines()
             if not re.match(r"^\s*\S+ \w+\s+=.*\{[^}]*\}\s*$", line) and line.strip() != "[Global flags]"]
    interesting = [line for line in lines if re.search(r"OutOfMemory|Killed|ERROR|Exception|error", line)]
    return interesting[-8:] or lines[-8:] or ["(no line of its own before it went)"]


def summary(r):
    if not r:
        return "no report"
    return (f"{r['rps']:.0f} rps, p50 {r['p50']} ms, p99 {r['p99']} ms, max {r['max']} ms, {r['non_2xx']} non-2xx,"
            f" socket errors {r['socket_connect']}/{r['socket_read']}/{r['socket_write']}/{r['socket_timeout']}")


def commit():
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip()


# -- the report -----------------------------------------------------------------------------------------------------

def fmt(value, digits=1):
    return "" if value is None else f"{value:.{digits}f}"


def gc_text(gc):
    return f"{gc['count']} ({gc['seconds']})" if gc else ""


def errors_of(run):
    total = 0
    for key in ("warmup_result", "result"):
        if run.get(key):
            total += run[key]["errors"]
    return total


def write_report(runs, meta):
    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    duration = meta["duration"]
    short = duration < GOAL_SECONDS
    lines = ["# The user service in a memory-limited container", "",
             f"Written by `{meta['command']}`"
             + (f" from the runs kept by `{meta['measured_by']}` and the commands before it that measured into the"
                " same folder" if meta.get("measured_by") else "")
             + f" on {meta['date']} UTC. Do not edit by hand: run it again.", ""]
    if short:
        lines += [f"**A short check: {duration} s of load per configuration, not the {GOAL_SECONDS // 60} minutes"
                  " the goals name. Its figures show that the measurement works, not whether the goals are met.**",
                  ""]
    stand_in = any(Path(r["launcher"]).resolve() == STAND_IN.resolve() for r in runs)
    lines += [
        f"- Machine: {meta['machine']}.",
        f"- Memory cgroup: {meta['cgroup']}. Only the JVM is in it (not wrk, not the database): the launcher is"
        " started by a shell that writes its own pid into the cgroup and then execs it; no swap.",
        f"- Launcher: `{meta['launcher']}`"
        + (", **a stand-in** (`scripts/java $JAVA_OPTS -jar user-service.jar`) for the real launcher, which was"
           " not built yet: it picks no JVM settings from the cgroup, the JVM's own ergonomics do." if stand_in else
           ", which picks the JVM's settings from the cgroup's limits.")
        + f" `JAVA_OPTS={meta['java_opts']}` (Native Memory Tracking, for the breakdown below; it costs a few MB"
          " itself).",
        f"- The service is pinned to CPU 0, wrk to CPU 1 (`wrk -t1 -c{meta['connections']} --timeout 5s`);"
        " PostgreSQL and Redis are not pinned. The machine is shared and noisy: read ratios within a run.",
        f"- Per configuration: a fresh store (embedded H2 in a temporary directory, a temporary PostgreSQL"
        f" database on the machine's server, a private `redis-server` without persistence; the store `memory` is"
        f" the plain-methods benchmark app, `apps/jzenith-plain`, through its own launcher: it keeps the newest"
        f" 10,000 users, so under the mix its seeded users are soon evicted and their GETs answered 404, counted"
        f" as non-2xx), {meta['seed']} users"
        f" seeded with `POST /users`, then {meta['warmup']} s of warm-up and {duration} s measured of the mix:"
        " 80% `GET /users/{id}` of a seeded user, 20% `POST /users` with a JSON body, over"
        f" {meta['connections']} connections. Errors count both phases.",
        "- Survival: the JVM still answers after the load and the cgroup's OOM-kill counter (`memory.oom_control`"
        " on v1, `memory.events` on v2) is 0. Peak is the kernel's high-water mark of the cgroup"
        " (`memory.max_usage_in_bytes`, `memory.peak`), page cache included; anon is the peak of the sampled"
        " anonymous memory. Page cache of files first read outside the cgroup (the JDK, jars already cached) is"
        " not charged to it.",
        "",
    ]
    commits = sorted({r.get("commit", "?") for r in runs})
    lines.insert(-1, f"- These {len(runs)} configurations were measured from {min(r['started_at'] for r in runs)[:16]}"
                     f" to {max(r['finished_at'] for r in runs)[:16]} UTC at commit {', '.join(commits)}"
                     " (a run that was interrupted and resumed keeps what it had finished).")
    lines += goals(runs, duration)
    lines += ["## Runs", "",
              "| store | limit MiB | outcome | first good response ms | RSS after start MB | rps | p50 ms | p99 ms |"
              " max ms | non-2xx | socket errors c/r/w/timeout | cgroup peak MiB | anon peak MiB | VmHWM MB |"
              " GCs (s) |",
              "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |"]
    for r in runs:
        m = r.get("result") or {}
        w = r.get("warmup_result") or {}
        sockets = "/".join(str(m.get(f"socket_{k}", 0) + w.get(f"socket_{k}", 0))
                           for k in ("connect", "read", "write", "timeout")) if m else ""
        gc = r.get("gc")
        outcome = r["outcome"]
        lines.append(f"| {r['store']} | {r['limit_mib']} | {outcome} | {r.get('startup_ms', '')} |"
                     f" {r.get('rss_start_mb') or ''} | {fmt(m.get('rps'), 0)} | {fmt(m.get('p50'), 2)} |"
                     f" {fmt(m.get('p99'), 2)} | {fmt(m.get('max'), 0)} |"
                     f" {m.get('non_2xx', 0) + w.get('non_2xx', 0) if m else ''} | {sockets} |"
                     f" {fmt(r.get('cgroup_peak_mib'))} | {fmt(r.get('anon_peak_mib'))} | {r.get('rss_peak_mb') or ''} |"
                     f" {gc_text(gc)} |")
    lines.append("")
    failed = [r for r in runs if not r["survived"] and r.get("log_tail")]
    if failed:
        lines += ["What the service logged before it went:", ""]
        for r in failed:
            lines += [f"- {r['store']} in {r['limit_mib']} MiB ({r['outcome']}, exit status"
                      f" {r.get('exit_status')}):", "", "  ```", *[f"  {line[:200]}" for line in r["log_tail"]],
                      "  ```"]
        lines.append("")
    with_nmt = [r for r in runs if r.get("nmt")]
    if with_nmt:
        lines += ["## Where the memory goes", "",
                  "Native Memory Tracking (`jcmd PID VM.native_memory summary`), committed MB by category, taken"
                  " under load shortly before its end (at the second of the measured load given), with the JVM's RSS"
                  " and the cgroup's usage at that moment. Committed is not resident: a committed page the JVM never"
                  " touched uses no memory, and the shared class space (the CDS/AOT archive) is a mapped file.", "",
                  "| store | limit MiB | at s | " + " | ".join(name for name, _ in NMT_GROUPS)
                  + " | rest | NMT total | threads | classes | RSS MB | cgroup MiB |",
                  "| --- | ---: | ---: | " + " | ".join("---:" for _ in NMT_GROUPS) + " | ---: | ---: | ---: | ---: |"
                  " ---: | ---: |"]
        for r in with_nmt:
            nmt = r["nmt"]
            cats = nmt["categories"]
            values = [sum(cats.get(c, 0) for c in group) for _, group in NMT_GROUPS]
            rest = (nmt["total_kb"] or 0) - sum(values)
            lines.append(f"| {r['store']} | {r['limit_mib']} | {r.get('nmt_at_s')} | "
                         + " | ".join(f"{v / 1024:.1f}" for v in values)
                         + f" | {rest / 1024:.1f} | {(nmt['total_kb'] or 0) / 1024:.1f} | {nmt['threads']} |"
                         f" {nmt['classes']} | {r.get('nmt_rss_mb') or ''} | {fmt(r.get('nmt_cgroup_mib'))} |")
        lines += ["", "![native memory](report/container-nmt.png)", ""]
    lines += ["## JVM settings the launcher chose", "",
              "| store | limit MiB | options on the JVM's command line, less JAVA_OPTS | collector | max heap MB | initial heap MB |"
              " max metaspace | code cache MB | thread stack KB | processors |",
              "| --- | ---: | --- | --- | ---: | ---: | --- | ---: | ---: | ---: |"]
    for r in runs:
        jvm = r.get("jvm")
        if not jvm:
            continue
        as_mb = lambda key: fmt(int(jvm[key]) / MIB, 0) if key in jvm else ""  # noqa: E731
        metaspace = jvm.get("MaxMetaspaceSize")
        metaspace = "unlimited" if metaspace is None or int(metaspace) > 1 << 40 else f"{int(metaspace) // MIB} MB"
        ours = set((r.get("java_opts_effective") or r["java_opts"]).split())
        chosen = " ".join(o for o in jvm["options"] if o not in ours) or "(none)"
        lines.append(f"| {r['store']} | {r['limit_mib']} | `{chosen}` | {jvm.get('collector') or ''}"
                     f" | {as_mb('MaxHeapSize')} | {as_mb('InitialHeapSize')} | {metaspace} |"
                     f" {as_mb('ReservedCodeCacheSize')} | {jvm.get('ThreadStackSize', '')} |"
                     f" {jvm.get('ActiveProcessorCount', '') if jvm.get('ActiveProcessorCount') != '-1' else ''} |")
    lines.append("")
    pictures = plots(runs)
    if pictures:
        lines += ["## Memory over the run", "",
                  "The cgroup's usage every second from the start of the launcher (start-up, seeding, warm-up,"
                  " load), and its limit dashed. Where a line ends early, the JVM died.", ""]
        lines += [f"![{store}](report/{file})" for store, file in pictures] + [""]
    CONTAINER_MD.write_text("\n".join(lines).rstrip() + "\n")
    report.splice(BENCHMARKS / "RESULTS.md", "container")
    print(f"wrote {CONTAINER_MD} and its section of benchmarks/RESULTS.md", flush=True)


def goals(runs, duration):
    by = {(r["store"], r["limit_mib"]): r for r in runs}
    judged = []
    # The goals name the 10-minute mix: a shorter run shows the measurement works and decides nothing.
    short = "" if duration >= GOAL_SECONDS else f"ran {duration} s of the {GOAL_SECONDS // 60} minutes the goal names"

    def add(goal, store, measured, verdict, note=""):
        judged.append(Goal(f"{goal} ({STORE_NAMES.get(store, store)})", measured,
                           shorter(verdict, duration, GOAL_SECONDS), "; ".join(n for n in (note, short) if n)))

    stores = [s for s in STORES if any(r["store"] == s for r in runs)]
    for store in stores:
        r = by.get((store, 128))
        if r:
            add(f"128 MiB: survives the {GOAL_SECONDS // 60}-minute mix", store, r["outcome"], single(r["survived"]))
            if r.get("result"):
                errors = errors_of(r)
                add("128 MiB: 0 errors", store, str(errors), single(errors == 0))
                p99 = r["result"]["p99"]
                if p99 is not None:
                    add("128 MiB: p99 < 50 ms", store, f"{p99:.1f} ms", below(50, [p99]),
                        f"{p99 - 50:.1f} ms over" if p99 >= 50 else "")
        r = by.get((store, 96))
        if r:
            add(f"96 MiB: survives the {GOAL_SECONDS // 60}-minute mix", store, r["outcome"], single(r["survived"]))
        started = [x for x in runs if x["store"] == store and x.get("rss_start_mb")]
        r = next((x for x in started if x["limit_mib"] == 128), started[0] if started else None)
        if r and r.get("rss_start_mb"):
            rss = r["rss_start_mb"]
            # Read once, right after start: the run's length does not matter to it.
            judged.append(Goal(f"RSS after start < 64 MB, in {r['limit_mib']} MiB ({STORE_NAMES.get(store, store)})",
                               f"{rss} MB", below(64, [rss]), f"{rss - 64} MB over" if rss >= 64 else ""))
    return table(judged, intro="Reported, never asserted.")


COLOURS = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f",
           "#bab0ac", "#17becf", "#333333"]


def plots(runs):
    made = []
    for store in STORES:
        series = [(r["limit_mib"], r["samples"]) for r in runs if r["store"] == store and r.get("samples")]
        if not series:
            continue
        file = f"container-memory-{store}.png"
        # Each limit's usage, and the limit itself dashed in the same colour.
        report.gnuplot(REPORT_DIR / file, f"{STORE_NAMES[store]}: memory usage of the cgroup (MiB) by second",
                       "set xlabel 'seconds since the launcher started'; set ylabel 'MiB'; set key outside right;"
                       " set yrange [0:*]",
                       [f"'-' using 1:2 with lines lw 2 lc rgb '{COLOURS[i]}' title 'in {limit} MiB'"
                        for i, (limit, _) in enumerate(series)]
                       + [f"{limit} with lines dt 2 lc rgb '{COLOURS[i]}' notitle" for i, (limit, _) in enumerate(series)],
                       ["\n".join(f"{s[0]} {s[1]}" for s in samples if s[1] is not None) for _, samples in series])
        made.append((store, file))
    with_nmt = [r for r in runs if r.get("nmt")]
    if with_nmt:
        names = [name for name, _ in NMT_GROUPS] + ["rest"]
        rows = []
        for r in with_nmt:
            cats = r["nmt"]["categories"]
            values = [sum(cats.get(c, 0) for c in group) / 1024 for _, group in NMT_GROUPS]
            values.append(max(0, (r["nmt"]["total_kb"] or 0) / 1024 - sum(values)))
            rows.append(f"\"{r['store']} {r['limit_mib']}\" " + " ".join(f"{v:.1f}" for v in values))
        block = "\n".join(rows)
        report.gnuplot(REPORT_DIR / "container-nmt.png", "Native memory committed under load (MB), by NMT category",
                       "set style data histograms; set style histogram rowstacked; set style fill solid 0.8;"
                       " set boxwidth 0.6; set xtics rotate by -30; set ylabel 'MB'; set key outside right;"
                       " set yrange [0:*]",
                       [f"'-' using {i + 2}{':xtic(1)' if i == 0 else ''} title '{name}' lc rgb '{COLOURS[i % len(COLOURS)]}'"
                        for i, name in enumerate(names)],
                       [block] * len(names))
    return made


# -- main -----------------------------------------------------------------------------------------------------------

def seconds(text):
    m = re.fullmatch(r"(\d+)(s|m|h)?", text.strip())
    if not m:
        raise argparse.ArgumentTypeError(f"not a duration: {text} (say 20s, 10m or 600)")
    return int(m.group(1)) * {"s": 1, None: 1, "m": 60, "h": 3600}[m.group(2)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duration", type=seconds, default=GOAL_SECONDS,
                        help="measured load per configuration: 20s, 10m, ... (default 10m, as the goals name)")
    parser.add_argument("--warmup", type=seconds, help="warm-up before it (default: a tenth of the duration, 5-30 s)")
    parser.add_argument("--limits", default="64,96,128,256", help="memory limits in MiB (default 64,96,128,256)")
    parser.add_argument("--stores", default=",".join(DEFAULT_STORES),
                        help="jdbc,postgresql,redis (default) and memory: the plain-methods benchmark app"
                             " (apps/jzenith-plain, users in memory) through its own launcher")
    parser.add_argument("--connections", type=int, default=256)
    parser.add_argument("--seed", type=int, default=1000, help="users created before the load")
    parser.add_argument("--launcher", default=os.environ.get("JZENITH_LAUNCHER", str(DEFAULT_LAUNCHER)),
                        help="the service's launcher (default: the user service's bin/user-service; JZENITH_LAUNCHER;"
                             " 'stand-in' for benchmarks/harness/stand-in-launcher.sh)")
    parser.add_argument("--plain-launcher", default=str(DEFAULT_PLAIN_LAUNCHER),
                        help="the launcher of the memory store's app (default: apps/jzenith-plain's bin/jzenith-plain)")
    parser.add_argument("--java-opts", default="-XX:NativeMemoryTracking=summary",
                        help="JAVA_OPTS for the launcher (default: NMT summary)")
    parser.add_argument("--fresh", action="store_true", help="measure again what an earlier run of this command finished")
    parser.add_argument("--report-only", action="store_true", help="rewrite the report from the kept results")
    args = parser.parse_args()
    if args.warmup is None:
        args.warmup = min(30, max(5, args.duration // 10))
    launcher = STAND_IN if args.launcher == "stand-in" else Path(args.launcher).resolve()
    limits = [int(x) for x in args.limits.split(",")]
    stores = args.stores.split(",")
    unknown = set(stores) - set(STORES)
    if unknown:
        parser.error(f"unknown stores: {', '.join(sorted(unknown))}")
    os.environ["JAVA_HOME"] = subprocess.run(["sh", "-c", f". {ROOT}/scripts/jdk.sh && echo $JAVA_HOME"],
                                             capture_output=True, text=True, check=True).stdout.strip()
    kind = ("stand-in" if launcher == STAND_IN.resolve() else "launcher" if launcher == DEFAULT_LAUNCHER.resolve()
            else "launcher-" + hashlib.sha1(str(launcher).encode()).hexdigest()[:8])
    plain_launcher = Path(args.plain_launcher).resolve()
    if "memory" in stores and plain_launcher != DEFAULT_PLAIN_LAUNCHER.resolve():
        kind += "-plain-" + hashlib.sha1(str(plain_launcher).encode()).hexdigest()[:8]
    out_dir = RESULTS / f"d{args.duration}-w{args.warmup}-c{args.connections}-{kind}"
    out_dir.mkdir(parents=True, exist_ok=True)
    hierarchy = Cgroup.hierarchy()
    if hierarchy[0]:
        try:
            probe = Cgroup.create(hierarchy[0], hierarchy[1], f"{PREFIX}{os.getpid()}-probe", 64 * MIB)
            probe.remove()
            remove_stale_cgroups(hierarchy[1])
        except OSError as e:
            hierarchy = (None, f"cannot make a cgroup in {hierarchy[1]} ({e}); run as root")
    if not hierarchy[0]:
        print(f"! {hierarchy[1]}: falling back to -XX:MaxRAM, which only tells the JVM, limits nothing", flush=True)
    cgroup_text = (f"{hierarchy[0]}, at {hierarchy[1]}" if hierarchy[0] else
                   f"none could be made ({hierarchy[1]}); each JVM got -XX:MaxRAM=LIMIT instead, which sizes the JVM"
                   " but enforces nothing, so survival is not measured")
    meta = {"command": " ".join(["benchmarks/container.sh", *sys.argv[1:]]), "duration": args.duration,
            "warmup": args.warmup, "connections": args.connections, "seed": args.seed, "java_opts": args.java_opts,
            "launcher": os.path.relpath(launcher, ROOT), "cgroup": cgroup_text,
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"),
            "machine": harness.machine() + f"; cgroup {hierarchy[0] or 'none'}"}

    def kept(store, limit):
        path = out_dir / f"{store}-{limit}.json"
        return json.loads(path.read_text()) if path.exists() else None

    measured, problems = False, []
    meta_json = out_dir / "meta.json"
    if args.report_only and meta_json.exists():
        # Written by this command from runs that others measured: name the last of them too (a folder
        # may hold the runs of several commands; each run's time and commit are in the report).
        kept_meta = json.loads(meta_json.read_text())
        meta = {**meta, "date": kept_meta["date"], "measured_by": kept_meta["command"]}
    if not args.report_only:
        meta_json.write_text(json.dumps(meta))
        if any(store != "memory" for store in stores) and not os.access(launcher, os.X_OK):
            sys.exit(f"No launcher at {launcher}. Build the user service (./mvnw package -pl examples/user-service -am)"
                     f" or, until its launcher exists, use --launcher stand-in.")
        if "memory" in stores and not os.access(plain_launcher, os.X_OK):
            sys.exit(f"No launcher at {plain_launcher}. Build the plain-methods app (apps/jzenith-plain/bench.sh build).")
        # SIGINT too: a shell that starts this in the background makes Python inherit SIGINT ignored.
        signal.signal(signal.SIGTERM, on_terminate)
        signal.signal(signal.SIGINT, on_terminate)
        try:
            if "postgresql" in stores:
                drop_stale_databases()
            for store in stores:
                for limit in limits:
                    if kept(store, limit) and not args.fresh:
                        print(f"{store} in {limit} MiB: kept from an earlier run ({out_dir.name}); --fresh measures"
                              " again", flush=True)
                        continue
                    try:
                        result = run_configuration(store, limit, args, hierarchy, launcher, out_dir)
                    except (OSError, RuntimeError, subprocess.SubprocessError) as e:
                        # Not kept: the same command tries it again.
                        problems.append(f"{store} in {limit} MiB: {e}")
                        print(f"  ! {problems[-1]}", flush=True)
                        continue
                    measured = True
                    (out_dir / f"{store}-{limit}.json").write_text(json.dumps(result, indent=1))
                    write_report([r for r in (kept(s, lim) for s in stores for lim in limits) if r], meta)
        except KeyboardInterrupt:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            print("\ninterrupted: cleaning up; finished configurations are kept, the same command resumes",
                  flush=True)
            CLEANUP.run()
            sys.exit(130)
        finally:
            CLEANUP.run()
    runs = [r for r in (kept(s, lim) for s in stores for lim in limits) if r]
    if runs and not measured:
        write_report(runs, meta)
    if problems:
        sys.exit("Not measured, because of a problem (the same command tries again):\n  " + "\n  ".join(problems))


if __name__ == "__main__":
    main()
