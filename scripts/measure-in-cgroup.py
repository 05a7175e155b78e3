#!/usr/bin/env python3
"""Measures a service distribution inside a real memory cgroup, as a container would run it.

    scripts/measure-in-cgroup.py --memory 128m examples/user-service/target/user-service/bin/user-service \
        -- --jdbc.embedded.directory=/tmp/users-h2

For each start it makes a memory cgroup (v1 at /sys/fs/cgroup/memory or v2 at /sys/fs/cgroup) with
the given limit and no swap, starts the launcher in it pinned to --cpu, and reports the time to the
first good response of /health/live, the RSS and the cgroup's usage 1 s later. With --load SECONDS
it then runs wrk pinned to --load-cpu (GET /users/{id} and POST /users on the user service,
GET --load-path otherwise) and reports whether the service survived, the cgroup's peak and its
failcnt, and, with --nmt, the JVM's native memory summary. The cgroup is removed afterwards. Before each start the distribution's files leave the page cache,
so that the cgroup is charged for reading them as a container would be (the JDK's files, shared
with other processes here, are not).
Needs root, curl-free (Python's http.client), and wrk for --load. Timings on a shared machine are
noisy: compare medians of several --runs against a reference measured in the same session.
"""
import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

V1 = Path("/sys/fs/cgroup/memory")
V2 = Path("/sys/fs/cgroup")


def size_bytes(text):
    units = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
    return int(text[:-1]) * units[text[-1].lower()] if text[-1].lower() in units else int(text)


class Cgroup:
    """A memory cgroup with a limit and no swap; v1 when the memory controller is mounted there."""

    def __init__(self, name, limit):
        self.v1 = (V1 / "memory.limit_in_bytes").exists()
        self.path = (V1 if self.v1 else V2) / name
        self.path.mkdir()
        if self.v1:
            self.write("memory.limit_in_bytes", str(limit))
            self.write("memory.swappiness", "0")
        else:
            self.write("memory.max", str(limit))
            self.write("memory.swap.max", "0")

    def write(self, name, value):
        (self.path / name).write_text(value)

    def read(self, name):
        try:
            return (self.path / name).read_text()
        except OSError:
            return ""

    def usage(self):
        return int(self.read("memory.usage_in_bytes" if self.v1 else "memory.current") or 0)

    def peak(self):
        return int(self.read("memory.max_usage_in_bytes" if self.v1 else "memory.peak") or 0)

    def failcnt(self):
        if self.v1:
            return int(self.read("memory.failcnt") or 0)
        events = dict(line.split() for line in self.read("memory.events").splitlines())
        return int(events.get("max", 0))

    def oom_kills(self):
        text = self.read("memory.oom_control" if self.v1 else "memory.events")
        for line in text.splitlines():
            if line.startswith("oom_kill "):
                return int(line.split()[1])
        return 0

    def stat(self):
        return dict(line.split() for line in self.read("memory.stat").splitlines() if len(line.split()) == 2)

    def remove(self):
        for _ in range(50):
            try:
                self.path.rmdir()
                return
            except OSError:
                time.sleep(0.1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port, method, path, body=None, timeout=2.0):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def rss_mb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0


def aot_cache_mb(pid):
    """What the process's AOT cache (the mapped *.aot file) holds in memory, in MB: its pages read
    and still shared with the file (the read-only part: reclaimable, but read again on use) and its
    pages written since, which are anonymous memory (the read-write part: every loaded class's
    metadata is written at start). Zeros without a cache."""
    shared = written = 0
    in_cache = False
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        fields = line.split()
        if "-" in fields[0] and len(fields) >= 5 and ":" not in fields[0]:
            in_cache = len(fields) >= 6 and fields[5].endswith(".aot")
        elif in_cache and fields[0] == "Rss:":
            shared += int(fields[1])
        elif in_cache and fields[0] == "Anonymous:":
            shared -= int(fields[1])
            written += int(fields[1])
    return {"shared_mb": round(shared / 1024, 1), "written_mb": round(written / 1024, 1)}


LUA = """
counter = 0
request = function()
  counter = counter + 1
  if counter %% 10 == 0 then
    return wrk.format("POST", "/users", {["Content-Type"] = "application/json"}, '{"name":"Load Test"}')
  end
  return wrk.format("GET", "%s")
end
"""


def evict_from_page_cache(launcher, more):
    """Drops the distribution's files (jars, AOT cache), and those under the --evict folders, from
    the page cache, so that the start in the cgroup reads them again and they are charged to it, as
    on a container's first start. Each file is written back first (dirty pages cannot be dropped).
    Only files no process has mapped leave the cache: the machine's
    JDK, used by other processes, stays; a private copy of it (cp -a, --evict) does not."""
    home = Path(launcher).resolve().parent.parent
    for path in [p for folder in (home, *map(Path, more)) for p in folder.rglob("*")]:
        if path.is_file() and not path.is_symlink():
            fd = os.open(path, os.O_RDONLY)
            try:
                # Written back first: the kernel drops only clean pages, and a file the build has just
                # written (the AOT cache) stays in the cache, charged to the build, until written back.
                os.fsync(fd)
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def run_once(args, index, results):
    if not args.warm:
        evict_from_page_cache(args.launcher, args.evict)
    port = free_port()
    cgroup = Cgroup(f"jz-launcher-{os.getpid()}-{index}", size_bytes(args.memory))
    log = open(Path(tempfile.gettempdir()) / f"jz-measure-{os.getpid()}-{index}.log", "w")
    env = dict(os.environ)
    if args.aot == "off":
        env["JZENITH_AOT"] = "off"
    if args.nmt:
        env["JAVA_OPTS"] = (env.get("JAVA_OPTS", "") + " -XX:NativeMemoryTracking=summary").strip()
    command = ["taskset", "-c", args.cpu, "sh", "-c", f'echo $$ > {cgroup.path}/cgroup.procs && exec "$0" "$@"',
               args.launcher, f"--rest.port={port}", *args.app_args]
    started = time.monotonic()
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    row = {"memory": args.memory, "aot": args.aot}
    try:
        while True:
            if process.poll() is not None:
                row["died"] = f"exit {process.returncode} during start-up"
                return row
            try:
                if request(port, "GET", "/health/live", timeout=1)[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() - started > 120:
                row["died"] = "no answer in 120 s"
                return row
            time.sleep(0.005)
        row["startup_ms"] = round((time.monotonic() - started) * 1000)
        time.sleep(1)
        row["rss_mb"] = round(rss_mb(process.pid), 1)
        row["cgroup_mb"] = round(cgroup.usage() / 1048576, 1)
        stat = cgroup.stat()
        row["cgroup_anon_mb"] = round(int(stat.get("rss" if cgroup.v1 else "anon", 0)) / 1048576, 1)
        row["cgroup_file_mb"] = round(int(stat.get("cache" if cgroup.v1 else "file", 0)) / 1048576, 1)
        if args.nmt:
            row["nmt_start"] = nmt(process.pid)
        if args.load:
            status, body = request(port, "POST", "/users", body=b'{"name":"Ada"}')
            path = args.load_path or (f"/users/{json.loads(body)['id']}" if status in (200, 201) else "/health/live")
            script = Path(tempfile.gettempdir()) / f"jz-measure-{os.getpid()}.lua"
            script.write_text(LUA % path)
            wrk = subprocess.run(["taskset", "-c", args.load_cpu, "wrk", "-t", "2", "-c", str(args.connections), "-d",
                                  f"{args.load}s", "-s", str(script), f"http://127.0.0.1:{port}"],
                                 capture_output=True, text=True)
            row["rps"] = next((line.split()[1] for line in wrk.stdout.splitlines() if line.startswith("Requests/sec")),
                              "?")
            errors = [line.strip() for line in wrk.stdout.splitlines() if "Non-2xx" in line or "Socket errors" in line]
            row["load_errors"] = "; ".join(errors)
            alive = process.poll() is None
            row["survived"] = alive
            if alive:
                row["rss_after_load_mb"] = round(rss_mb(process.pid), 1)
                if args.nmt:
                    row["nmt_load"] = nmt(process.pid)
            else:
                row["died"] = f"exit {process.returncode} under load"
        row["peak_mb"] = round(cgroup.peak() / 1048576, 1)
        row["failcnt"] = cgroup.failcnt()
        row["oom_kills"] = cgroup.oom_kills()
        return row
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                row["exit"] = process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        row.setdefault("oom_kills", cgroup.oom_kills())
        log.close()
        row["log"] = log.name
        cgroup.remove()
        results.append(row)


def nmt(pid):
    done = subprocess.run(["jcmd", str(pid), "VM.native_memory", "summary", "scale=MB"], capture_output=True, text=True)
    summary = {}
    for line in done.stdout.splitlines():
        line = line.strip()
        if line.startswith("Total:") or (line.startswith("-") and "(reserved=" in line):
            name = line.lstrip("- ").split("(")[0].strip() or "Total"
            committed = line.split("committed=")[1].split("MB")[0] if "committed=" in line else "?"
            summary[name.rstrip(":")] = committed
    return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("launcher")
    parser.add_argument("app_args", nargs="*")
    parser.add_argument("--memory", default="128m")
    parser.add_argument("--cpu", default="0", help="taskset CPU list for the service")
    parser.add_argument("--load-cpu", default="1", help="taskset CPU list for wrk")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--aot", choices=["auto", "off"], default="auto")
    parser.add_argument("--load", type=int, default=0, help="seconds of wrk load after start (0: none)")
    parser.add_argument("--load-path", help="path to GET under load (default: the user service's mix)")
    parser.add_argument("--connections", type=int, default=256)
    parser.add_argument("--nmt", action="store_true", help="also report NMT summaries (costs a little memory)")
    parser.add_argument("--warm", action="store_true",
                        help="leave the distribution's files in the page cache (a restart, not a first start)")
    parser.add_argument("--evict", action="append", default=[],
                        help="also drop this folder's files from the page cache before each start, e.g. a"
                             " private copy of the JDK given as JAVA_HOME (repeatable)")
    parser.add_argument("--json", action="store_true", help="print every run as JSON")
    args = parser.parse_args()
    results = []
    for index in range(args.runs):
        row = run_once(args, index, results)
        print(json.dumps(row) if args.json else row, flush=True)
    good = [r for r in results if "startup_ms" in r]
    if good:
        summary = {key: statistics.median(r[key] for r in good) for key in ("startup_ms", "rss_mb", "cgroup_mb")}
        summary["starts"] = [r["startup_ms"] for r in good]
        summary["died"] = [r.get("died") for r in results if r.get("died")]
        print("median:", json.dumps(summary), flush=True)
    return 0 if len(good) == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
