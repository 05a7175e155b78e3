"""The 256 MiB tier against the peers, for benchmarks/peers.sh (issue 41): each app alone in a memory cgroup of
256 MiB, pinned to CPU 0 with wrk on CPU 1, seeded with users, then the user service's 80/20 mix (80% GET
/users/{id} of one of the newest users, 20% POST /users) over 256 connections: requests/s, p99,
errors and OOM kills. The apps take turns, round after round, so that round i of every app saw the same machine.
jZenith's plain-methods app runs through its launcher, which reads the cgroup's limit and picks its JVM settings;
the peers run with `java -jar` and the JVM's own ergonomics, as their documentation shows. Needs root (cgroups).
"""
import statistics
import time

import container
import harness

LIMIT_MIB = 256
CONNECTIONS = 256
SEED_USERS = 1000

# The apps keep only their newest 10,000 users (so that the POSTs do not turn a throughput figure into a GC
# figure), so a mix over the seeded users alone soon GETs evicted ones and measures 404s. This one GETs among
# the newest users it knows: the seeded ones at first, each replaced in turn by a user a POST of the run created.
MIX_LUA = """-- 80% GET /users/{id} of one of the newest users, 20% POST /users; written by benchmarks/harness/peers_mix.py.
local ids = {IDS}
local slot = 1
local post = nil
function init(args)
  math.randomseed(os.time())
  post = wrk.format("POST", "/users", {["Content-Type"] = "application/json"}, '{"name":"Peers Benchmark"}')
end
function request()
  if math.random() < 0.8 then return wrk.format("GET", "/users/" .. ids[math.random(#ids)]) end
  return post
end
function response(status, headers, body)
  if status == 201 then -- a POST's new user (a GET's answer would bring an old one back)
    local id = string.match(body, '^{"id":"([%x%-]+)"')
    if id then
      ids[slot] = id
      slot = slot % #ids + 1
    end
  end
end
"""


class InMemoryCgroup:
    """harness.start_app's `quota` contract for a memory cgroup: the command, started inside it."""

    def __init__(self, cgroup):
        self.cgroup = cgroup

    def command(self, command):
        return ["sh", "-c", f'echo $$ > {self.cgroup.procs_file} && exec "$@"', "sh", *command]


def run(apps, rounds, warmup, duration, results_dir, cpu):
    """{app name: [one dict per round: rps, p99, errors, oom_kills, outcome, others_cpu0]}, or {} (and why)
    without root. `cpu` is peers.py's CPU accounting: (cpu_ticks(pid), cpu0_busy())."""
    version, parent = container.Cgroup.hierarchy()
    if version is None:
        print(f"  ! the {LIMIT_MIB} MiB mix not measured: {parent}", flush=True)
        return {}
    runs = {app.name: [] for app in apps}
    with open(results_dir / "mix-256.log", "w") as log:
        for round_ in range(rounds):
            for app in apps[round_ % len(apps):] + apps[:round_ % len(apps)]:
                result = one(app, version, parent, warmup, duration, results_dir, log, cpu)
                runs[app.name].append(result)
                print(f"  {LIMIT_MIB} MiB mix, {app.name}: {result}", flush=True)
    return runs


def one(app, version, parent, warmup, duration, results_dir, log, cpu):
    cgroup = container.Cgroup.create(version, parent, f"jzenith-peers-mix-{app.name}-{time.monotonic_ns()}",
                                     LIMIT_MIB * container.MIB)
    process = None
    try:
        port = harness.free_port()
        try:
            process, _ = harness.start_app(app, port, "", log, quota=InMemoryCgroup(cgroup))
        except RuntimeError as e:
            return dict(outcome=f"did not start: {e}", oom_kills=cgroup.oom_kills())
        base = f"http://127.0.0.1:{port}"
        script = results_dir / f"mix-{app.name}.lua"
        # Seeded anew after the warm-up: its POSTs pushed the first seeded users out.
        for phase_seconds in (warmup, None):
            ids, failed, _ = container.seed(base, SEED_USERS)
            if not ids:
                return dict(outcome=f"seeding failed ({failed} failures)", oom_kills=cgroup.oom_kills())
            script.write_text(MIX_LUA.replace("IDS", ", ".join(f'"{i}"' for i in ids)))
            if phase_seconds:
                container.run_wrk(base, CONNECTIONS, phase_seconds, script)
        cpu_ticks, cpu0_busy = cpu
        pid = harness.java_pid(process)
        ticks, (busy, total) = cpu_ticks(pid), cpu0_busy()
        measured, out = container.run_wrk(base, CONNECTIONS, duration, script)
        busy_after, total_after = cpu0_busy()
        # What other programs took of CPU 0 meanwhile, as peers.py's side-by-side rounds say it.
        others = max(0.0, (busy_after - busy - (cpu_ticks(pid) - ticks)) / max(total_after - total, 1))
        if measured is None:
            return dict(outcome="wrk gave no report: " + out[-300:], oom_kills=cgroup.oom_kills())
        alive = process.poll() is None and container.get_ok(base + "/json", timeout=10)
        return dict(outcome="answered" if alive else "did not answer after the load", rps=round(measured["rps"]),
                    p99=measured["p99"], p50=measured["p50"], errors=measured["errors"], non_2xx=measured["non_2xx"],
                    peak_mib=round((cgroup.peak() or 0) / container.MIB), oom_kills=cgroup.oom_kills(),
                    others_cpu0=round(others, 3))
    finally:
        if process is not None:
            harness.stop_app(process)
        cgroup.remove()


def medians(runs):
    """{app: (median rps, median p99)} over the rounds in which the app answered."""
    out = {}
    for name, results in runs.items():
        good = [r for r in results if r.get("p99") is not None]
        if good:
            out[name] = (statistics.median(r["rps"] for r in good), statistics.median(r["p99"] for r in good))
    return out
