#!/usr/bin/env python3
"""The benchmark harness behind benchmarks/run.sh.

For each app: build it, start it pinned to CPU 0, time the first good response, read its RSS,
verify every endpoint, warm up, then measure each endpoint at several connection counts with wrk
pinned to CPU 1 (rps, latency percentiles, CPU time per request, GC), and finally write
benchmarks/RESULTS.md with tables and gnuplot pictures. Raw numbers go to benchmarks/results/.

Every app follows the contract in benchmarks/README.md: `bench.sh build` and
`bench.sh start PORT` (foreground, JAVA_OPTS honoured, database from DB_* variables).
"""
import argparse
import datetime
import http.client
import json
import os
import platform
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import report  # noqa: E402 (the reports' order of the apps)

ROOT = Path(__file__).resolve().parents[2]
APPS_DIR = ROOT / "benchmarks" / "apps"
RESULTS_DIR = ROOT / "benchmarks" / "results"
REPORT_DIR = ROOT / "benchmarks" / "report"
RESULTS_MD = ROOT / "benchmarks" / "RESULTS.md"

APP_ORDER = report.APP_ORDER
SERVER_CPU, LOAD_CPU = "0", "1"


def check_plaintext(body):
    return body == "Hello, World!"


def check_json(body):
    return json.loads(body) == {"message": "Hello, World!"}


def check_world(body):
    row = {k.lower(): v for k, v in json.loads(body).items()}
    return isinstance(row.get("id"), int) and isinstance(row.get("randomnumber"), int)


def check_worlds(body):
    rows = json.loads(body)
    return isinstance(rows, list) and len(rows) == 20 and all(check_world(json.dumps(r)) for r in rows)


def check_fortunes(body):
    return "Additional fortune added at request time." in body and "&lt;script&gt;" in body


def check_user(body):
    return "id" in json.loads(body)


ENDPOINTS = {
    "plaintext": ("/plaintext", check_plaintext),
    "json": ("/json", check_json),
    "db": ("/db", check_world),
    "queries": ("/queries?queries=20", check_worlds),
    "fortunes": ("/fortunes", check_fortunes),
    "updates": ("/updates?queries=20", check_worlds),
    "users": ("/users/{user}", check_user),
    "create": ("/users", check_user),
}
# Endpoints measured with a request other than GET: the body of the check, and wrk's script.
POSTS = {"create": (b'{"name":"Benchmark User"}', ROOT / "benchmarks" / "harness" / "post-users.lua")}


class App:
    """One thing to benchmark: a peer app under benchmarks/apps, or the user service on a store."""

    def __init__(self, name, start, build, endpoints, setup=None, aot=None):
        self.name, self.start_command, self.build, self.endpoints = name, start, build, endpoints
        self.setup, self.aot = setup, aot


class AotRecipe:
    """How to train a JDK 25 AOT cache for an app with scripts/aot-train.sh: its jar, the paths to
    exercise, and the app's own arguments. An app started through jZenith's launcher has a cache its
    build trained under the launcher's own flags (launcher_cache): a cache trained by aot-train.sh
    under other flags (compact object headers off) would be refused by the JVM the launcher starts."""

    def __init__(self, jar, paths, app_args, launcher_cache=None):
        self.jar, self.paths, self.app_args, self.launcher_cache = jar, paths, app_args, launcher_cache

    @property
    def cache(self):
        return self.launcher_cache or self.jar.with_suffix(".aot")

    @property
    def default_opts(self):
        """JVM defaults: a launcher would use its cache unless JAVA_OPTS names an AOT mode itself."""
        return "-XX:AOTMode=off" if self.launcher_cache else ""


DB_ARGS = ["--postgresql.host=127.0.0.1", "--postgresql.port=5432", "--postgresql.username=benchmarkdbuser",
           "--postgresql.password=benchmarkdbpass"]


def create_user(base):
    """POSTs a user and returns it as the parameters of the "users" endpoint's path."""
    request = urllib.request.Request(base + "/users", data=POSTS["create"][0], method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return {"user": json.loads(response.read())["id"]}


def peer(name):
    script = APPS_DIR / name / "bench.sh"
    aot, setup = None, None
    endpoints = ["plaintext", "json", "db", "queries", "fortunes", "updates"]
    if name == "jzenith":
        aot = AotRecipe(APPS_DIR / name / "target" / "jzenith-benchmark.jar",
                        [path for path, _ in ENDPOINTS.values() if "{" not in path and path != "/users"],
                        [*DB_ARGS, "--postgresql.database=hello_world"])
    if name == "jzenith-plain":
        # Written as the README shows new users: plain methods, on virtual threads; in-memory users.
        endpoints, setup = ["plaintext", "json", "users", "create"], create_user
        aot = AotRecipe(APPS_DIR / name / "target" / "jzenith-plain.jar", ["/plaintext", "/json"], [],
                        launcher_cache=APPS_DIR / name / "target" / "jzenith-plain" / "lib" / "jzenith-plain.aot")
    if name in ("vertx", "helidon", "micronaut", "quarkus"):
        # In-memory users like the plain-methods app's, for benchmarks/peers.sh.
        endpoints, setup = [*endpoints, "users", "create"], create_user
    return App(name, lambda port: [str(script), "start", str(port)], [str(script), "build"], endpoints, setup=setup,
               aot=aot)


def user_service(store, extra):
    jar = ROOT / "examples/user-service/target/user-service.jar"

    def start(port):
        return [str(ROOT / "scripts/java"), "-jar", str(jar), f"--rest.port={port}", f"--user.store={store}",
                *extra]

    build = [str(ROOT / "mvnw"), "-q", "-B", "-f", str(ROOT / "pom.xml"), "package", "-DskipTests", "-pl",
             "examples/user-service", "-am"]
    return App(f"users-{store}", start, build, ["users"], setup=create_user)


def all_apps():
    apps = {name: peer(name) for name in APP_ORDER if (APPS_DIR / name / "bench.sh").exists()}
    apps["users-jdbc"] = user_service("jdbc", ["--jdbc.embedded.directory=" + str(RESULTS_DIR / "h2")])
    # The user service migrates its own schema, so it gets a database of its own (db/setup.sh).
    apps["users-postgresql"] = user_service("postgresql", [*DB_ARGS, "--postgresql.database=user_service"])
    apps["users-redis"] = user_service("redis", [])
    return apps


def free_port():
    """A free port: from BENCH_PORTS (e.g. 22000-22999) where a shared machine sets aside a range, else any."""
    low, _, high = os.environ.get("BENCH_PORTS", "0").partition("-")
    candidates = list(range(int(low), int(high or low) + 1))
    random.shuffle(candidates)
    for port in candidates:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
                return s.getsockname()[1]
            except OSError:
                continue
    raise RuntimeError(f"no free port in BENCH_PORTS={os.environ['BENCH_PORTS']}")


def fetch(url, timeout=5.0, data=None):
    request = urllib.request.Request(url, data=data, method="POST" if data else "GET",
                                     headers={"Content-Type": "application/json"} if data else {})
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return response.status, response.read().decode("utf-8", "replace")


def proc_status(pid, field):
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) // 1024  # kB -> MB
    except OSError:
        pass
    return None


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def gc_totals(pid):
    """(collections, seconds) so far, from jstat; (None, None) where jstat cannot attach."""
    jstat = Path(os.environ["JAVA_HOME"]) / "bin" / "jstat"
    try:
        out = subprocess.run([str(jstat), "-gc", str(pid)], capture_output=True, text=True, timeout=10).stdout
        header, values = out.strip().splitlines()[-2:]
        row = dict(zip(header.split(), values.split()))
        # A collector without concurrent cycles (Serial, Parallel) shows "-" for CGC.
        count = sum(int(float(row[k])) for k in ("YGC", "FGC", "CGC") if row.get(k, "-") != "-")
        return count, float(row["GCT"])
    except (subprocess.SubprocessError, ValueError, IndexError, KeyError, OSError):
        return None, None


def wrk(url, connections, seconds, script=None):
    out = subprocess.run(["taskset", "-c", LOAD_CPU, "wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency",
                          "--timeout", "5s", *(["-s", str(script)] if script else []), url],
                         capture_output=True, text=True).stdout
    return parse_wrk(out)


def parse_wrk(out):
    """rps, latency percentiles (ms) and errors from wrk --latency's report; errors is the sum of the
    non-2xx/3xx responses and the socket errors, which are given one by one too."""
    result = {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
              "requests": int(re.search(r"(\d+) requests in", out).group(1))}
    for percentile in ("50", "75", "90", "99"):
        m = re.search(rf"^\s+{percentile}%\s+([\d.]+)(us|ms|s)", out, re.M)
        result[f"p{percentile}"] = to_ms(m.group(1), m.group(2)) if m else None
    m = re.search(r"Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s)", out)
    result["max"] = to_ms(m.group(1), m.group(2)) if m else None
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    sockets = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    result["errors"] = (int(errors.group(1)) if errors else 0) + (sum(map(int, sockets.groups())) if sockets else 0)
    result["non_2xx"] = int(errors.group(1)) if errors else 0
    for name, value in zip(("connect", "read", "write", "timeout"), sockets.groups() if sockets else (0, 0, 0, 0)):
        result[f"socket_{name}"] = int(value)
    return result


def to_ms(value, unit):
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


class CpuQuota:
    """A CPU cgroup with a bandwidth limit, `share` of one CPU (0.5: 50 ms of every 100 ms), as a container's
    `--cpus` makes: a memory-limited pod gets such a fraction of a core, and that is the start-up its users see.
    Needs root (it writes /sys/fs/cgroup). Remove it with `remove()` once its process has ended."""

    PERIOD_US = 100_000

    def __init__(self, path):
        self.path = path

    @classmethod
    def create(cls, name, share):
        quota = round(cls.PERIOD_US * share)
        unified = Path("/sys/fs/cgroup")
        if (unified / "cgroup.controllers").exists():
            if "cpu" not in (unified / "cgroup.subtree_control").read_text().split():
                (unified / "cgroup.subtree_control").write_text("+cpu")
            path = unified / name
            path.mkdir(exist_ok=True)
            (path / "cpu.max").write_text(f"{quota} {cls.PERIOD_US}")
            return cls(path)
        path = unified / "cpu" / name
        path.mkdir(exist_ok=True)
        (path / "cpu.cfs_period_us").write_text(str(cls.PERIOD_US))
        (path / "cpu.cfs_quota_us").write_text(str(quota))
        return cls(path)

    @property
    def procs_file(self):
        return self.path / "cgroup.procs"

    def command(self, command):
        """`command` started inside this cgroup: a shell puts itself in, then execs it."""
        return ["sh", "-c", f'echo $$ > {self.procs_file} && exec "$@"', "sh", *command]

    def remove(self):
        remove_cgroup(self.path)


def remove_cgroup(path):
    """Removes a cgroup's folder, waiting up to 5 s for the kernel to let its last process go."""
    for _ in range(50):
        try:
            path.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.1)
    raise OSError(f"could not remove {path}")


def start_app(app, port, java_opts, log, quota=None):
    """Starts `app` pinned to the server's CPU (and inside the CPU cgroup `quota`, when given); returns the
    process and the milliseconds to its first good response."""
    env = dict(os.environ, JAVA_OPTS=java_opts, JZENITH_JDK_CHECKED="1", DB_HOST="127.0.0.1", DB_PORT="5432",
               DB_NAME="hello_world", DB_USER="benchmarkdbuser", DB_PASSWORD="benchmarkdbpass", JZENITH_NO_AOT="1")
    command = ["taskset", "-c", SERVER_CPU, *app.start_command(port)]
    started = time.monotonic()
    process = subprocess.Popen(quota.command(command) if quota else command, env=env, stdout=log,
                               stderr=subprocess.STDOUT, start_new_session=True)
    probe = f"http://127.0.0.1:{port}" + (ENDPOINTS[app.endpoints[0]][0] if "{" not in
                                          ENDPOINTS[app.endpoints[0]][0] else "/health/live")
    deadline = started + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{app.name} exited with {process.returncode} during start-up; see {log.name}")
        try:
            if fetch(probe, timeout=1)[0] == 200:
                return process, (time.monotonic() - started) * 1000
        except (OSError, http.client.HTTPException):
            # Not up yet; or, on a shared machine, another program's server took the port between
            # free_port() and the app's bind (its answer is not our HTTP): the app then exits, and the
            # check above reports it as this app's failure instead of ending the whole run.
            pass
        time.sleep(0.01)
    stop_app(process)
    raise RuntimeError(f"{app.name} gave no good response within 120 s; see {log.name}")


def measure_startup(app, variant, java_opts, runs):
    """Start-up to the first good response and RSS 1 s later: the median of several starts, since one
    start on a shared machine is noisy. Every start is listed too."""
    times, rss = [], []
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    with open(RESULTS_DIR / f"{app.name}-{variant}-startup.log", "w") as log:
        for _ in range(runs):
            process, startup_ms = start_app(app, free_port(), java_opts, log)
            try:
                time.sleep(1)
                times.append(round(startup_ms))
                rss.append(proc_status(java_pid(process), "VmRSS"))
            finally:
                stop_app(process)
    measured = [r for r in rss if r is not None]
    result = dict(app=app.name, variant=variant, startup_ms=round(statistics.median(times)), startup_all=times,
                  rss_start_mb=round(statistics.median(measured)) if measured else None)
    print(f"  {app.name} [{variant}] start-up {times} ms, RSS {rss} MB", flush=True)
    return result


def train_aot(app):
    """Trains the app's AOT cache pinned like the measured runs, so that the JVM picks the same
    collector and accepts the cache."""
    recipe = app.aot
    if recipe.launcher_cache:
        if not recipe.launcher_cache.exists():
            raise RuntimeError(f"{app.name} has no AOT cache at {recipe.launcher_cache}: its build trains one")
        return recipe.launcher_cache
    command = ["taskset", "-c", SERVER_CPU, str(ROOT / "scripts/aot-train.sh"), str(recipe.jar), *recipe.paths, "--",
               *recipe.app_args]
    done = subprocess.run(command, capture_output=True, text=True, env=dict(os.environ, JZENITH_JDK_CHECKED="1"))
    if done.returncode != 0 or not recipe.cache.exists():
        raise RuntimeError(f"AOT training of {app.name} failed: {(done.stdout + done.stderr)[-400:]}")
    return recipe.cache


def stop_app(process):
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def java_pid(process):
    """The JVM's pid: bench.sh and taskset exec, but a wrapper may have forked."""
    children = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True).stdout.split()
    return int(children[-1]) if children and not is_java(process.pid) else process.pid


def is_java(pid):
    try:
        return "java" in Path(f"/proc/{pid}/comm").read_text()
    except OSError:
        return False


def run_app(app, variant, java_opts, args, rows, failures):
    port = free_port()
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    log_path = RESULTS_DIR / f"{app.name}-{variant}.log"
    with open(log_path, "w") as log:
        try:
            process, startup_ms = start_app(app, port, java_opts, log)
        except RuntimeError as e:
            failures.append(str(e))
            print("  !", e, flush=True)
            return
        try:
            pid = java_pid(process)
            base = f"http://127.0.0.1:{port}"
            params = app.setup(base) if app.setup else {}
            time.sleep(1)
            rss_start = proc_status(pid, "VmRSS")
            print(f"  {app.name} [{variant}] ready in {startup_ms:.0f} ms, RSS {rss_start} MB", flush=True)
            endpoints = []
            for name in args.endpoints:
                if name not in app.endpoints:
                    continue
                path, check = ENDPOINTS[name]
                url = base + path.format(**params)
                try:
                    status, body = fetch(url, data=POSTS[name][0] if name in POSTS else None)
                    if status // 100 != 2 or not check(body):
                        raise ValueError(f"status {status}, body {body[:120]!r}")
                    endpoints.append((name, url))
                except (OSError, ValueError) as e:
                    failures.append(f"{app.name} [{variant}] {name}: verification failed: {e}")
                    print(f"  ! {name} verification failed: {e}", flush=True)
            for name, url in endpoints:
                if app.setup and "{" in ENDPOINTS[name][0]:
                    # Anew, since an endpoint measured before may have pushed the first user out.
                    url = base + ENDPOINTS[name][0].format(**app.setup(base))
                script = POSTS[name][1] if name in POSTS else None
                wrk(url, max(args.connections), args.warmup, script)
                for connections in args.connections:
                    cpu_before, (gc_n0, gc_t0) = cpu_seconds(pid), gc_totals(pid)
                    result = wrk(url, connections, args.duration, script)
                    cpu_after, (gc_n1, gc_t1) = cpu_seconds(pid), gc_totals(pid)
                    result.update(app=app.name, variant=variant, endpoint=name, connections=connections,
                                  startup_ms=round(startup_ms), rss_start_mb=rss_start,
                                  cpu_us_per_request=round((cpu_after - cpu_before) * 1e6 / max(result["requests"], 1),
                                                           1),
                                  gc_count=(gc_n1 - gc_n0) if gc_n0 is not None and gc_n1 is not None else None,
                                  gc_ms=round((gc_t1 - gc_t0) * 1000, 1) if gc_t0 is not None and gc_t1 is not None
                                  else None)
                    rows.append(result)
                    print(f"    {name:9} c={connections:<4} {result['rps']:>10.0f} rps  p99 {result['p99']} ms"
                          f"  cpu {result['cpu_us_per_request']} us/req  errors {result['errors']}", flush=True)
            peak = proc_status(pid, "VmHWM")
            for row in rows:
                if row["app"] == app.name and row["variant"] == variant:
                    row["rss_peak_mb"] = peak
            if not endpoints:
                rows.append(dict(app=app.name, variant=variant, endpoint="-", connections=0, startup_ms=round(startup_ms),
                                 rss_start_mb=rss_start, rss_peak_mb=peak))
        finally:
            stop_app(process)


def paired_comparison(ours, ceiling, endpoints, connections, rounds, seconds, warmup):
    """A jZenith app against raw Vert.x in alternating rounds, both running side by side on the same core.

    Apps measured one after the other minutes apart see different machines (the shared host's load
    drifts), which made the ratio swing from 0.85x to 1.15x between runs. Here each round measures
    both within seconds, in alternating order, and the ratio is of the medians."""
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    running = []
    try:
        for app in (ours, ceiling):
            log = open(RESULTS_DIR / f"{app.name}-paired.log", "w")
            port = free_port()
            process, _ = start_app(app, port, "", log)
            running.append((app, process, f"http://127.0.0.1:{port}", log))
        results = []
        for endpoint in endpoints:
            path = ENDPOINTS[endpoint][0]
            urls = {app.name: base + path.format(**(app.setup(base) if "{" in path else {}))
                    for app, _, base, _ in running}
            script = POSTS[endpoint][1] if endpoint in POSTS else None
            for app, *_ in running:
                wrk(urls[app.name], max(connections), warmup, script)
            for connections_ in connections:
                samples = {app.name: [] for app, *_ in running}
                for round_ in range(rounds):
                    order = running if round_ % 2 == 0 else list(reversed(running))
                    for app, *_ in order:
                        samples[app.name].append(wrk(urls[app.name], connections_, seconds, script))
                ours_rps, ceiling_rps = (statistics.median(r["rps"] for r in samples[a.name]) for a in (ours, ceiling))
                ours_p99, ceiling_p99 = (statistics.median(r["p99"] for r in samples[a.name] if r["p99"] is not None)
                                         for a in (ours, ceiling))
                results.append(dict(ours=ours.name, ceiling=ceiling.name, endpoint=endpoint,
                                    connections=connections_, rounds=rounds,
                                    ours_rps=ours_rps, ceiling_rps=ceiling_rps, ours_p99=ours_p99,
                                    ceiling_p99=ceiling_p99,
                                    ours_all=[round(r["rps"]) for r in samples[ours.name]],
                                    ceiling_all=[round(r["rps"]) for r in samples[ceiling.name]],
                                    ours_p99_all=[r["p99"] for r in samples[ours.name]],
                                    ceiling_p99_all=[r["p99"] for r in samples[ceiling.name]]))
                print(f"    paired {ours.name} {endpoint:9} c={connections_:<4} {ours_rps / ceiling_rps:.2f}x rps,"
                      f" {ours_p99 / ceiling_p99:.2f}x p99", flush=True)
        return results
    finally:
        for _, process, _, log in running:
            stop_app(process)
            log.close()


def histogram(url, seconds):
    """hey's latency histogram for one URL, as text and as (latency ms, count) pairs."""
    out = subprocess.run(["taskset", "-c", LOAD_CPU, "hey", "-z", f"{seconds}s", "-c", "64", url],
                         capture_output=True, text=True).stdout
    section = out.split("Response time histogram:")[1].split("Latency distribution:")[0] if \
        "Response time histogram:" in out else ""
    bars = [(float(m.group(1)) * 1000, int(m.group(2))) for m in
            re.finditer(r"^\s+([\d.]+) \[(\d+)\]", section, re.M)]
    return section.rstrip(), bars


def allocation_profile(app, url_name, params_hint, seconds):
    """Bytes allocated per request and the top allocation sites of one endpoint, from JFR."""
    port = free_port()
    jfr_file = RESULTS_DIR / f"{app.name}-{url_name}.jfr"
    with open(RESULTS_DIR / f"{app.name}-{url_name}-jfr.log", "w") as log:
        process, _ = start_app(app, port, "", log)
        try:
            pid = java_pid(process)
            base = f"http://127.0.0.1:{port}"
            params = app.setup(base) if app.setup else {}
            url = base + ENDPOINTS[url_name][0].format(**params)
            wrk(url, 64, 5)
            jcmd = str(Path(os.environ["JAVA_HOME"]) / "bin" / "jcmd")
            subprocess.run([jcmd, str(pid), "JFR.start", "name=alloc", "settings=profile"], capture_output=True)
            result = wrk(url, 64, seconds)
            subprocess.run([jcmd, str(pid), "JFR.stop", "name=alloc", f"filename={jfr_file}"], capture_output=True)
        finally:
            stop_app(process)
    jfr = str(Path(os.environ["JAVA_HOME"]) / "bin" / "jfr")
    stats = json.loads(subprocess.run([jfr, "print", "--json", "--events", "jdk.ThreadAllocationStatistics",
                                       str(jfr_file)], capture_output=True, text=True).stdout)
    per_thread = {}
    for event in stats["recording"]["events"]:
        values = event["values"]
        thread = values.get("thread", {}).get("javaName") or str(values.get("thread"))
        low, high = per_thread.get(thread, (values["allocated"], values["allocated"]))
        per_thread[thread] = (min(low, values["allocated"]), max(high, values["allocated"]))
    allocated = sum(high - low for low, high in per_thread.values())
    samples = json.loads(subprocess.run([jfr, "print", "--json", "--stack-depth", "32", "--events",
                                         "jdk.ObjectAllocationSample", str(jfr_file)], capture_output=True,
                                        text=True).stdout)
    sites, ours, sampled_threads = {}, 0, set()
    for event in sorted(samples["recording"]["events"], key=lambda e: e["values"]["startTime"]):
        values = event["values"]
        # A thread's first sample weighs everything it allocated since it started, before the
        # recording too (a third of the weight in a 10 s recording): it would swamp the shares.
        thread = json.dumps(values.get("eventThread"), sort_keys=True)
        if thread not in sampled_threads:
            sampled_threads.add(thread)
            continue
        frames = (values.get("stackTrace") or {}).get("frames") or []
        names = [f"{f['method']['type']['name']}.{f['method']['name']}" for f in frames]
        where = next((n for n in names if not n.startswith(("java.", "jdk.", "sun."))), names[0] if names else "?")
        jzenith = next((n for n in names if n.startswith("org.jzenith.")), "")
        key = (values["objectClass"]["name"], where, jzenith)
        sites[key] = sites.get(key, 0) + values["weight"]
        ours += values["weight"] if jzenith else 0
    total_weight = sum(sites.values()) or 1
    top = sorted(sites.items(), key=lambda item: -item[1])[:15]
    return {"requests": result["requests"], "rps": result["rps"],
            "bytes_per_request": round(allocated / max(result["requests"], 1)),
            "under_jzenith_percent": round(100 * ours / total_weight, 1),
            "top": [(cls, where, jzenith, round(100 * weight / total_weight, 1))
                    for (cls, where, jzenith), weight in top]}


VERSION_PATTERNS = [
    r"<(?:quarkus\.platform|helidon|javalin|dropwizard|vertx)\.version>([^<]+)<",
    r"<parent>\s*<groupId>[^<]+</groupId>\s*<artifactId>(?:spring-boot-starter-parent|micronaut-parent)</artifactId>"
    r"\s*<version>([^<]+)<",
]


def versions(apps):
    """The framework version each app is built on, read from its pom.xml."""
    root_pom = (ROOT / "pom.xml").read_text()
    jzenith = re.search(r"<version>([^<]+)</version>", root_pom).group(1)
    # Library versions live in jzenith-bom since the BOM took them over; the root pom had them before.
    vertx = next(m.group(1) for m in (re.search(r"<vertx\.version>([^<]+)<", (ROOT / pom).read_text())
                                      for pom in ("pom.xml", "jzenith-bom/pom.xml") if (ROOT / pom).exists()) if m)
    found = {}
    for app in apps:
        pom = APPS_DIR / app / "pom.xml"
        if app.startswith(("jzenith", "users-")):
            found["jzenith"] = f"{jzenith} (Vert.x {vertx})"
        elif pom.exists():
            text = pom.read_text()
            match = next((m for m in (re.search(p, text) for p in VERSION_PATTERNS) if m), None)
            found[app] = (("Spring Boot " if app.startswith("spring") else "") + match.group(1)) if match else "?"
    return found


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    java = subprocess.run([str(Path(os.environ["JAVA_HOME"]) / "bin" / "java"), "-version"], capture_output=True,
                          text=True).stderr.splitlines()[0]
    wrk_version = subprocess.run(["wrk", "-v"], capture_output=True, text=True).stdout.splitlines()[0]
    memory = int(Path("/proc/meminfo").read_text().split()[1]) // 1024 // 1024
    return f"{os.cpu_count()} CPUs ({cpu}), {memory} GiB RAM, {platform.platform()}; {java}; {wrk_version}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short runs and fewer connection levels (~15 min)")
    parser.add_argument("--apps", help="comma-separated app names (default: all)")
    parser.add_argument("--endpoints", help="comma-separated endpoints (default: all each app serves)")
    parser.add_argument("--connections", help="comma-separated connection counts")
    parser.add_argument("--duration", type=int, help="seconds per measurement")
    parser.add_argument("--warmup", type=int, help="seconds of warm-up per endpoint")
    parser.add_argument("--heaps", help="comma-separated -Xmx values for jZenith, e.g. 64m,128m,256m")
    parser.add_argument("--gcs", help="comma-separated collectors for jZenith: G1,Serial,Parallel,Z,Shenandoah")
    parser.add_argument("--starts", type=int, help="starts per app whose median is the start-up figure")
    parser.add_argument("--rounds", type=int, help="alternating rounds of the paired jZenith/Vert.x comparison")
    parser.add_argument("--no-build", action="store_true", help="use what is built")
    parser.add_argument("--report-only", action="store_true",
                        help="rewrite RESULTS.md from the last run's benchmarks/results/results.json")
    args = parser.parse_args()
    if args.report_only:
        if not (RESULTS_DIR / "results.json").exists():
            # results/ is not committed: only a run on this machine leaves one behind.
            sys.exit(f"{RESULTS_DIR / 'results.json'} is missing: a run (benchmarks/run.sh --quick) writes it;"
                     " --report-only rewrites RESULTS.md from the last one")
        write_report(RESULTS_DIR / "results.json")
        return
    quick = args.quick
    args.connections = [int(c) for c in (args.connections or ("64,256" if quick else "8,16,32,64,128,256"))
                        .split(",")]
    args.duration = args.duration or (5 if quick else 15)
    args.warmup = args.warmup or (4 if quick else 15)
    args.endpoints = (args.endpoints or ("plaintext,json,db,users,create" if quick else ",".join(ENDPOINTS))).split(",")
    heaps = (args.heaps or ("64m,128m" if quick else "64m,128m,256m")).split(",")
    gcs = (args.gcs or ("" if quick else "G1,Serial,Parallel,Z,Shenandoah")).split(",")
    args.starts = args.starts or (3 if quick else 5)
    args.rounds = args.rounds or (3 if quick else 5)
    apps = all_apps()
    selected = [apps[name] for name in (args.apps.split(",") if args.apps else apps)]

    os.environ["JAVA_HOME"] = subprocess.run(["sh", "-c", f". {ROOT}/scripts/jdk.sh && echo $JAVA_HOME"],
                                             capture_output=True, text=True, check=True).stdout.strip()
    started_at = datetime.datetime.now(datetime.timezone.utc)
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    rows, failures, starts = [], [], []
    for app in selected:
        if not args.no_build:
            print(f"building {app.name}", flush=True)
            build = subprocess.run(app.build, capture_output=True, text=True)
            if build.returncode != 0:
                failures.append(f"{app.name}: build failed: {(build.stdout + build.stderr)[-400:]}")
                print("  ! build failed", flush=True)
                continue
        print(f"measuring {app.name}", flush=True)
        try:
            starts.append(measure_startup(app, "default", app.aot.default_opts if app.aot else "", args.starts))
            if app.aot:
                cache = train_aot(app)
                aot = f"-XX:AOTMode=on -XX:AOTCache={cache}"
                starts.append(measure_startup(app, "AOT cache", aot, args.starts))
                # What the JVM sizes itself to inside a 128 MB container (the seeds' home for a service).
                starts.append(measure_startup(app, "AOT cache, 128 MB container", f"{aot} -XX:MaxRAM=128m",
                                              args.starts))
        except RuntimeError as e:
            failures.append(str(e))
            print("  !", e, flush=True)
        run_app(app, "default", "", args, rows, failures)
        if app.name == "jzenith" or (not quick and app.name in APP_ORDER):
            for heap in heaps:
                run_app(app, f"Xmx{heap}", f"-Xmx{heap}", args, rows, failures)
        if app.name == "jzenith":
            for gc in filter(None, gcs):
                run_app(app, f"{gc}GC", f"-XX:+Use{gc}GC", args, rows, failures)

    extras = {}
    names = {a.name for a in selected}
    # The TechEmpower app (event loop where it may) and the plain-methods app (virtual threads, as users
    # write it), each against raw Vert.x on the endpoints both serve.
    for ours, paired_endpoints in (("jzenith", ("plaintext", "json", "db")), ("jzenith-plain", ("json", "users", "create"))):
        if not {ours, "vertx"} <= names:
            continue
        print(f"{ours} and vertx, paired", flush=True)
        try:
            extras.setdefault("paired", []).extend(paired_comparison(
                apps[ours], apps["vertx"], [e for e in paired_endpoints if e in args.endpoints],
                [c for c in args.connections if c >= 64] or [max(args.connections)],
                args.rounds, 4 if args.quick else args.duration,
                # Freshly started, side by side: a short warm-up leaves the first rounds cold (a third of
                # the rps here).
                max(args.warmup, 8)))
        except (RuntimeError, OSError) as e:
            failures.append(f"paired comparison of {ours} and vertx: {e}")
    if "jzenith" in apps and any(a.name == "jzenith" for a in selected):
        print("histogram and allocation profile of jzenith", flush=True)
        try:
            with open(RESULTS_DIR / "hey.log", "w") as log:
                process, _ = start_app(apps["jzenith"], port := free_port(), "", log)
                try:
                    wrk(f"http://127.0.0.1:{port}/json", 64, args.warmup)
                    extras["histogram"] = histogram(f"http://127.0.0.1:{port}/json", args.duration)
                finally:
                    stop_app(process)
            extras["alloc"] = {"jzenith /json": allocation_profile(apps["jzenith"], "json", None, args.duration)}
        except (RuntimeError, OSError, KeyError, json.JSONDecodeError) as e:
            failures.append(f"histogram or allocation profile of jzenith: {e}")
            extras.setdefault("alloc", {})
        if any(a.name == "vertx" for a in selected):
            # The ceiling's own allocation, so that jZenith's bytes per request read as a difference.
            try:
                extras["alloc"]["vertx /json (reference)"] = allocation_profile(apps["vertx"], "json", None,
                                                                               args.duration)
            except (RuntimeError, OSError, KeyError, json.JSONDecodeError) as e:
                failures.append(f"allocation profile of vertx: {e}")
        for name in ("users-postgresql", "users-jdbc", "users-redis"):
            if any(a.name == name for a in selected):
                try:
                    extras["alloc"][f"{name} /users/{{id}}"] = allocation_profile(apps[name], "users", None,
                                                                                 args.duration)
                except (RuntimeError, OSError, KeyError, json.JSONDecodeError) as e:
                    failures.append(f"allocation profile of {name}: {e}")
    if any(a.name == "jzenith-plain" for a in selected):
        # The same /json on a virtual thread per request, jZenith's default for a plain method.
        alloc = extras.setdefault("alloc", {})
        try:
            alloc["jzenith-plain /json (virtual threads)"] = allocation_profile(apps["jzenith-plain"], "json", None,
                                                                              args.duration)
            if any(a.name == "vertx" for a in selected) and "vertx /json (reference)" not in alloc:
                alloc["vertx /json (reference)"] = allocation_profile(apps["vertx"], "json", None, args.duration)
        except (RuntimeError, OSError, KeyError, json.JSONDecodeError) as e:
            failures.append(f"allocation profile of jzenith-plain or vertx: {e}")

    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    meta = {"machine": machine(), "versions": versions([a.name for a in selected]),
            "command": " ".join(["benchmarks/run.sh", *sys.argv[1:]]),
            "started_at": started_at.isoformat(), "starts": args.starts, "rounds": args.rounds, "warmup": args.warmup,
            "duration": args.duration, "connections": args.connections}
    (RESULTS_DIR / "results.json").write_text(json.dumps({"meta": meta, "rows": rows, "starts": starts,
                                                          "failures": failures, "extras": extras}, indent=1))
    write_report(RESULTS_DIR / "results.json")


def write_report(results_json):
    """RESULTS.md and the pictures from one run's raw results; --report-only runs just this, e.g. after
    FINDINGS.md changed, without measuring again."""
    data = json.loads(results_json.read_text())
    meta = data["meta"]
    args = argparse.Namespace(**{k: meta.get(k) for k in ("starts", "rounds", "warmup", "duration", "connections")})
    versions_line = ", ".join(f"{app} {version}" for app, version in meta.get("versions", {}).items())
    report.write(data["rows"], data["starts"], data["failures"], data["extras"],
                 meta["machine"] + (f".\n- Versions: {versions_line}" if versions_line else ""), meta["command"],
                 datetime.datetime.fromisoformat(meta["started_at"]), args, REPORT_DIR, RESULTS_MD)
    print(f"wrote {RESULTS_MD}", flush=True)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main()
