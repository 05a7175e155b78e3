"""The default path against every peer: benchmarks/peers.sh, which writes PEERS.md and its section of RESULTS.md.

    python3 benchmarks/harness/peers.py [--rounds N] [--duration S] [--connections 64,256] [--starts N]
                                        [--no-build] [--report-only]

jZenith's plain-methods app (apps/jzenith-plain, every request on a virtual thread, as the README shows new
users) started through its launcher as users deploy it, against raw Vert.x, Helidon SE, Micronaut and
Quarkus, each started with `java -jar` as its documentation shows. Every app runs pinned to CPU 0 and wrk to
CPU 1. First the start-up of each alone (first good response, RSS 1 s later; the median of --starts
starts); then each at half a CPU (a CPU cgroup's quota of 50 ms per 100 ms; needs root), taking turns;
then all of them side by side on CPU 0, measured in rotating rounds within seconds of each other
(the shared machine's load drifts over minutes), /json and GET /users/{id} at each connection count: rps,
p99, the app's CPU time per request, its context switches per request (every thread's
voluntary+involuntary switches) and what other programs took of CPU 0 meanwhile. Issue 41's goals are
judged on every round (goals.py); when the machine was not quiet, each round as if off by the share of CPU 0
that other programs took (a clear miss stays missed), and the 256 MiB tier's p99 inconclusive.
"""
import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import harness  # noqa: E402 (the harness's app contract, start-up and wrk helpers)
import peers_mix  # noqa: E402
import report  # noqa: E402
from goals import INCONCLUSIVE, Goal, at_least, at_most, despite, rounds_text, table  # noqa: E402

BENCHMARKS = Path(__file__).resolve().parents[1]
RESULTS = harness.RESULTS_DIR / "peers"
PEERS_MD = BENCHMARKS / "PEERS.md"
OURS, CEILING = "jzenith-plain", "vertx"
APPS = [OURS, CEILING, "helidon", "micronaut", "quarkus"]
PEERS = ["helidon", "micronaut", "quarkus"]
ENDPOINTS = ["json", "users"]
LABELS = {OURS: "jZenith, plain methods, launcher", CEILING: "raw Vert.x", "helidon": "Helidon SE",
          "micronaut": "Micronaut", "quarkus": "Quarkus"}
GOAL_RPS, GOAL_CPU, GOAL_HALF_START = 0.9, 1.1, 1.05
# A quiet machine: other programs took at most this share of the measured app's CPU in every measurement.
QUIET_OTHERS = 0.05


def load_average():
    return float(Path("/proc/loadavg").read_text().split()[0])


def cpu_ticks(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def switches(pid):
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            for line in (task / "status").read_text().splitlines():
                if "ctxt_switches:" in line:  # voluntary and nonvoluntary
                    total += int(line.split()[1])
        except OSError:
            pass  # a thread that ended meanwhile
    return total


def cpu0_busy():
    """CPU 0's busy and total jiffies since boot, from /proc/stat."""
    fields = next(line for line in Path("/proc/stat").read_text().splitlines() if line.startswith("cpu0 ")).split()[1:]
    values = [int(v) for v in fields[:8]]
    idle = values[3] + values[4]  # idle + iowait
    return sum(values) - idle, sum(values)


def measure(url, connections, seconds, pid):
    ticks, switched, (busy, total) = cpu_ticks(pid), switches(pid), cpu0_busy()
    result = harness.wrk(url, connections, seconds)
    requests = max(result["requests"], 1)
    hz = os.sysconf("SC_CLK_TCK")
    own = cpu_ticks(pid) - ticks
    busy_after, total_after = cpu0_busy()
    result["cpu_us"] = own / hz * 1e6 / requests
    result["switches"] = (switches(pid) - switched) / requests
    # What other programs took of the app's CPU while it was measured: a quiet run leaves it near 0.
    result["others_cpu0"] = max(0.0, (busy_after - busy - own) / max(total_after - total, 1))
    return result


def side_by_side(apps, args):
    """Every app running on CPU 0 at once, measured in rotating order round after round."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    running, rows = [], []
    try:
        for app in apps:
            log = open(RESULTS / f"{app.name}.log", "w")
            port = harness.free_port()
            process, _ = harness.start_app(app, port, "", log)
            base = f"http://127.0.0.1:{port}"
            running.append(dict(app=app, process=process, pid=harness.java_pid(process), base=base, log=log,
                                params=app.setup(base) if app.setup else {}))
        for endpoint in ENDPOINTS:
            serving = [r for r in running if endpoint in r["app"].endpoints]
            path = harness.ENDPOINTS[endpoint][0]
            for r in serving:
                r["url"] = r["base"] + path.format(**r["params"])
                harness.wrk(r["url"], max(args.connections), args.warmup)
            for connections in args.connections:
                samples = {r["app"].name: [] for r in serving}
                loads = []
                for round_ in range(args.rounds):
                    order = serving[round_ % len(serving):] + serving[:round_ % len(serving)]
                    for r in order:
                        samples[r["app"].name].append(measure(r["url"], connections, args.duration, r["pid"]))
                    loads.append(load_average())
                for name, runs in samples.items():
                    row = dict(app=name, endpoint=endpoint, connections=connections,
                               rps=statistics.median(s["rps"] for s in runs),
                               p99=statistics.median(s["p99"] for s in runs if s["p99"] is not None),
                               cpu_us=statistics.median(s["cpu_us"] for s in runs),
                               switches=statistics.median(s["switches"] for s in runs),
                               errors=sum(s["errors"] for s in runs), all=[round(s["rps"]) for s in runs],
                               cpu_all=[round(s["cpu_us"], 2) for s in runs],
                               others_cpu0=[round(s["others_cpu0"], 3) for s in runs], load=loads)
                    rows.append(row)
                    print(f"  {endpoint:5} c={connections:<4} {name:14} {row['rps']:9.0f} rps  p99 {row['p99']:6.2f} ms"
                          f"  {row['cpu_us']:5.1f} us/req  {row['switches']:.2f} cs/req  rounds {row['all']}",
                          flush=True)
        return rows
    finally:
        for r in running:
            harness.stop_app(r["process"])
            r["log"].close()


def half_cpu_starts(apps, starts):
    """Each app's start-up with half a CPU (a CPU cgroup's quota of 50 ms per 100 ms, pinned to CPU 0), as a
    memory-limited pod gets: the apps take turns, start by start, so that start i of every app saw the same
    machine. Needs root for the cgroup; returns {} (and says why) without it."""
    times = {app.name: [] for app in apps}
    name = f"jzenith-peers-half-cpu-{os.getpid()}"
    try:
        quota = harness.CpuQuota.create(name, 0.5)
    except OSError as e:
        print(f"  ! start-up at half a CPU not measured: no CPU cgroup ({e}); run as root", flush=True)
        return {}
    try:
        with open(RESULTS / "half-cpu-startup.log", "w") as log:
            for _ in range(starts):
                for app in apps:
                    process, startup_ms = harness.start_app(app, harness.free_port(), "", log, quota=quota)
                    harness.stop_app(process)
                    times[app.name].append(round(startup_ms))
                    print(f"  {app.name} at half a CPU: {round(startup_ms)} ms", flush=True)
    finally:
        quota.remove()
    return times


def others_share(rows):
    """The largest share of CPU 0 that other programs took during any measurement of this run."""
    return max((x for row in rows for x in row.get("others_cpu0", [])), default=None)


def quiet_text(meta, rows):
    others = others_share(rows)
    share = (f"other programs took at most {others:.0%} of CPU 0 during any measurement (quiet: at most"
             f" {QUIET_OTHERS:.0%})") if others is not None else "other programs' share of CPU 0 was not recorded"
    return (f"Load average {min(meta['loads']):.1f}-{max(meta['loads']):.1f} during the run (it counts the measured"
            f" app and wrk themselves, about 2 while measuring); {share}.")


def goals_41(meta, by, half, mix):
    """Issue 41's goals, each judged on every round (start by start for start-up). On a busy machine the apps
    compete with other programs for CPU 0, so a ratio may be off by the share those took: a goal is then
    judged against that margin (`goals.despite`), and inconclusive when no share was recorded."""
    judged = []
    rows = list(by.values())
    others = others_share(rows)
    busy = others is None or others > QUIET_OTHERS
    busy_note = (f"the machine was not quiet (others took up to {others:.0%} of CPU 0, so each round is judged"
                 f" as if off by that share)" if others is not None
                 else "quiet not shown: this run did not record other programs' CPU")

    def judge(judged, target, ratios):
        if not busy:
            return judged(target, ratios)
        return INCONCLUSIVE if others is None else despite(judged, others, target, ratios)

    def add(goal, measured, verdict, note):
        if busy:
            note = "; ".join(n for n in (note, busy_note) if n)
        judged.append(Goal(goal, measured, verdict, note))

    for endpoint in ENDPOINTS:
        label = report.endpoint_label(endpoint)
        for connections in meta["connections"]:
            ours, ceiling = by.get((OURS, endpoint, connections)), by.get((CEILING, endpoint, connections))
            if not ours or not ceiling:
                add(f"{label} c={connections}: rps ≥ {GOAL_RPS}× raw Vert.x", "not measured", INCONCLUSIVE, "")
                continue
            ratios = [o / c for o, c in zip(ours["all"], ceiling["all"])]
            add(f"{label} c={connections}: rps ≥ {GOAL_RPS}× raw Vert.x", f"{ours['rps'] / ceiling['rps']:.2f}× (medians)",
                judge(at_least, GOAL_RPS, ratios), f"rounds {rounds_text(ratios)}")
            cpu = [o / c for o, c in zip(ours.get("cpu_all", []), ceiling.get("cpu_all", [])) if c]
            add(f"{label} c={connections}: CPU per request ≤ {GOAL_CPU}× raw Vert.x's",
                f"{ours['cpu_us'] / ceiling['cpu_us']:.2f}× ({ours['cpu_us']:.1f} against {ceiling['cpu_us']:.1f} µs)",
                judge(at_most, GOAL_CPU, cpu or [ours["cpu_us"] / ceiling["cpu_us"]]),
                f"rounds {rounds_text(cpu)}" if cpu else "medians only")
    if half.get(OURS) and half.get(CEILING):
        ratios = [o / c for o, c in zip(half[OURS], half[CEILING])]
        add(f"start-up at half a CPU ≤ {GOAL_HALF_START}× raw Vert.x's",
            f"{statistics.median(half[OURS]) / statistics.median(half[CEILING]):.2f}× (medians)",
            judge(at_most, GOAL_HALF_START, ratios), f"start by start {rounds_text(ratios)}")
    else:
        add(f"start-up at half a CPU ≤ {GOAL_HALF_START}× raw Vert.x's", "not measured", INCONCLUSIVE,
            "no CPU cgroup (run as root)")
    judged += mix_goal(mix)
    return judged


def mix_goal(mix):
    """The 256 MiB tier: jZenith's p99 against the best peer's (Helidon, Micronaut, Quarkus; raw Vert.x is the
    ceiling, not a peer), round by round; judged quiet or not on the mix's own rounds. A tail latency is not a
    share of time that other programs' share could be taken off, so on a busy machine it is inconclusive."""
    goal = f"p99 in a {peers_mix.LIMIT_MIB} MiB memory cgroup under the 80/20 mix ≤ the best peer's"
    if not mix or not mix.get(OURS):
        return [Goal(goal, "not measured", INCONCLUSIVE, "no memory cgroup (run as root) or --mix-rounds 0")]
    ratios, best_names = [], []
    for i, ours in enumerate(mix[OURS]):
        peers = [(mix[p][i]["p99"], p) for p in PEERS if p in mix and i < len(mix[p]) and mix[p][i].get("p99")]
        if ours.get("p99") is None or not peers:
            ratios.append(None)
            continue
        best, name = min(peers)
        ratios.append(ours["p99"] / best)
        best_names.append(LABELS[name])
    medians = peers_mix.medians(mix)
    best_peer = min((medians[p][1], p) for p in PEERS if p in medians) if any(p in medians for p in PEERS) else None
    measured = (f"{medians[OURS][1]:.0f} ms against {LABELS[best_peer[1]]}'s {best_peer[0]:.0f} ms (medians)"
                if OURS in medians and best_peer else "not measured")
    others = max((r.get("others_cpu0", 0) for runs in mix.values() for r in runs), default=0)
    verdict, note = at_most(1.0, ratios), f"jZenith ÷ the round's best peer: {rounds_text(ratios)}"
    if others > QUIET_OTHERS:
        verdict, note = INCONCLUSIVE, f"{note}; the machine was not quiet (others took up to {others:.0%} of CPU 0)"
    return [Goal(goal, measured, verdict, note)]


def mix_section(mix, meta):
    if not mix:
        return []
    lines = ["", f"## In {peers_mix.LIMIT_MIB} MiB under the 80/20 mix", "",
             f"Each app alone in a memory cgroup of {peers_mix.LIMIT_MIB} MiB on CPU 0 (wrk on CPU 1), seeded with"
             f" {peers_mix.SEED_USERS} users, then 80% GET /users/{{id}} of one of the {peers_mix.SEED_USERS} newest users"
             " (the seeded ones at first, then those the run's POSTs created: the apps keep only their newest 10,000)"
             f" and 20% POST /users over"
             f" {peers_mix.CONNECTIONS} connections: {meta.get('mix_warmup')} s of warm-up, {meta.get('mix_duration')} s"
             " measured; the apps took turns, round after round. jZenith's app through its launcher (it reads the"
             " cgroup's limit), the others with `java -jar` and the JVM's own ergonomics.", "",
             "| app | rps (median) | p99 ms (median) | p50 ms (median) | errors | OOM kills | peak MiB | rounds (p99 ms) |"
             " rounds (rps) |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"]
    for app in APPS:
        runs = mix.get(app)
        if not runs:
            continue
        good = [r for r in runs if r.get("p99") is not None]
        failed = [r["outcome"] for r in runs if r.get("p99") is None]
        if not good:
            lines.append(f"| {LABELS[app]} | — | — | — | — | {max(r.get('oom_kills', 0) for r in runs)} | — |"
                         f" {'; '.join(failed)} | — |")
            continue
        p99s = ", ".join(f"{r['p99']:.1f}" for r in good)
        rpss = ", ".join(f"{r['rps']:,}" for r in good)
        lines.append(f"| {LABELS[app]} | {statistics.median(r['rps'] for r in good):,.0f} |"
                     f" {statistics.median(r['p99'] for r in good):.1f} | {statistics.median(r['p50'] for r in good):.1f} |"
                     f" {sum(r['errors'] for r in good)} | {sum(r.get('oom_kills', 0) for r in runs)} |"
                     f" {max(r.get('peak_mib', 0) for r in good)} | {p99s} | {rpss} |")
    return lines


def fmt_ratio(value):
    return f"{value:.2f}×" if value is not None else "—"


def write(data):
    meta, rows, starts = data["meta"], data["rows"], data["starts"]
    by = {(r["app"], r["endpoint"], r["connections"]): r for r in rows}
    lines = [
        "# The default path against every peer",
        "",
        f"Written by `{meta['command']}` on {meta['started_at'][:16].replace('T', ' ')} UTC. Do not edit by hand:"
        " run it again.",
        "",
        f"`apps/jzenith-plain` (plain methods, so every request on a virtual thread, as the README shows) started"
        " through its launcher as users deploy it (AOT cache, SCHED_BATCH), against raw Vert.x 5, Helidon SE,"
        " Micronaut and Quarkus started with `java -jar` as their documentation shows. Every app is pinned to CPU 0"
        " and wrk to CPU 1. Throughput: all apps running side by side, measured in rotating order round after round"
        f" ({meta['rounds']} rounds, {meta['warmup']} s warm-up per endpoint, {meta['duration']} s per measurement;"
        " medians), because the shared machine's load drifts over minutes. CPU per request is the app's user+system"
        " time over the requests it answered, context switches per request every one of its threads' switches"
        " over them: on one core, rps follows CPU per request, and a switch is the hand-off between threads.",
        "",
        f"Load average of the machine (2 CPUs) while measuring: {min(meta['loads']):.1f}-{max(meta['loads']):.1f}"
        " (it counts the measured app and wrk themselves); under load the apps also compete with other programs for"
        " CPU 0, so an app with more runnable threads gets a larger share of it: read CPU per request beside rps.",
        "",
    ]
    for endpoint in ENDPOINTS:
        label = report.endpoint_label(endpoint)
        lines += [f"## {label}", "",
                  "| app | connections | rps | × raw Vert.x | p99 ms | × raw Vert.x | CPU µs per request |"
                  " context switches per request | errors | rounds (rps) |",
                  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
        served = False
        for connections in meta["connections"]:
            ceiling = by.get((CEILING, endpoint, connections))
            for app in APPS:
                row = by.get((app, endpoint, connections))
                if not row:
                    continue
                served = True
                rps_ratio = row["rps"] / ceiling["rps"] if ceiling else None
                p99_ratio = row["p99"] / ceiling["p99"] if ceiling else None
                lines.append(f"| {LABELS[app]} | {connections} | {row['rps']:,.0f} | {fmt_ratio(rps_ratio)} |"
                             f" {row['p99']:.2f} | {fmt_ratio(p99_ratio)} | {row['cpu_us']:.1f} | {row['switches']:.2f} |"
                             f" {row['errors']} | {', '.join(map(str, row['all']))} |")
        missing = [LABELS[a] for a in APPS if not any(k[0] == a and k[1] == endpoint for k in by)]
        if missing and served:
            lines += ["", f"Not served by {', '.join(missing)}: their apps have the TechEmpower test types only."]
        lines.append("")
    lines += ["## Start-up and memory", "",
              f"Each app alone on CPU 0, the median of {meta['starts']} starts: process start to the first good"
              " response, and RSS 1 s after it.", "",
              "| app | first response ms | starts | RSS after start MB |", "| --- | ---: | --- | ---: |"]
    for app in APPS:
        start = next((s for s in starts if s["app"] == app), None)
        if start:
            lines.append(f"| {LABELS[app]} | {start['startup_ms']} | {', '.join(map(str, start['startup_all']))} |"
                         f" {start['rss_start_mb']} |")
    half = data.get("half_cpu") or {}
    if half:
        reference = statistics.median(half[CEILING]) if half.get(CEILING) else None
        lines += ["", "## Start-up at half a CPU", "",
                  "Each app in a CPU cgroup with a quota of 50 ms per 100 ms, pinned to CPU 0, as a memory-limited pod"
                  " gets a fraction of a core: process start to the first good response. The apps took turns, start by"
                  " start.", "", "| app | first response ms (median) | × raw Vert.x | starts |", "| --- | ---: | ---: | --- |"]
        for app in APPS:
            if half.get(app):
                median = statistics.median(half[app])
                lines.append(f"| {LABELS[app]} | {median:.0f} | {fmt_ratio(median / reference if reference else None)} |"
                             f" {', '.join(map(str, half[app]))} |")
    lines += mix_section(data.get("mix") or {}, meta)
    lines += [""] + table(goals_41(meta, by, half, data.get("mix") or {}), heading="## Goals (issue 41)",
                          intro=f"The plain-methods app against raw Vert.x: at every endpoint and connection count rps at"
                                f" least {GOAL_RPS}× and CPU per request at most {GOAL_CPU}×; start-up at half a CPU at"
                                f" most {GOAL_HALF_START}×; all on a quiet machine. {quiet_text(meta, data['rows'])}")
    PEERS_MD.write_text("\n".join(lines))
    report.splice(BENCHMARKS / "RESULTS.md", "peers")
    print(f"wrote {PEERS_MD}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=8)
    parser.add_argument("--connections", default="64,256")
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--mix-rounds", type=int, default=3, help="rounds of the 256 MiB mix (0: skip it)")
    parser.add_argument("--mix-duration", type=int, default=30)
    parser.add_argument("--mix-warmup", type=int, default=10)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()
    results = RESULTS / "results.json"
    if args.report_only:
        if not results.exists():
            sys.exit(f"{results} is missing: benchmarks/peers.sh writes it; --report-only rewrites PEERS.md from it")
        write(json.loads(results.read_text()))
        return
    args.connections = [int(c) for c in args.connections.split(",")]
    os.environ["JAVA_HOME"] = subprocess.run(["sh", "-c", f". {harness.ROOT}/scripts/jdk.sh && echo $JAVA_HOME"],
                                             capture_output=True, text=True, check=True).stdout.strip()
    started_at = datetime.datetime.now(datetime.timezone.utc)
    everything = harness.all_apps()
    apps = [everything[name] for name in APPS]
    loads = [load_average()]
    if not args.no_build:
        for app in apps:
            print(f"building {app.name}", flush=True)
            subprocess.run(app.build, check=True, capture_output=True)
    starts = []
    for app in apps:
        # As deployed: the launcher with the cache its build trained; the peers with plain java -jar.
        starts.append(harness.measure_startup(app, "peers", "", args.starts))
        loads.append(load_average())
    RESULTS.mkdir(parents=True, exist_ok=True)
    half = half_cpu_starts(apps, args.starts)
    loads.append(load_average())
    rows = side_by_side(apps, args)
    loads += [r for row in rows for r in row["load"]] + [load_average()]
    mix = peers_mix.run(apps, args.mix_rounds, args.mix_warmup, args.mix_duration, RESULTS,
                        (cpu_ticks, cpu0_busy)) if args.mix_rounds else {}
    loads.append(load_average())
    command = " ".join(["benchmarks/peers.sh", *sys.argv[1:]])
    if os.environ.get("BENCH_PORTS"):
        command = f"BENCH_PORTS={os.environ['BENCH_PORTS']} {command}"
    data = {"meta": {"command": command, "started_at": started_at.isoformat(), "rounds": args.rounds,
                     "duration": args.duration, "warmup": args.warmup, "connections": args.connections,
                     "starts": args.starts, "loads": loads, "mix_warmup": args.mix_warmup,
                     "mix_duration": args.mix_duration},
            "rows": rows, "starts": starts, "half_cpu": half, "mix": mix}
    RESULTS.mkdir(parents=True, exist_ok=True)
    results.write_text(json.dumps(data, indent=1))
    write(data)


if __name__ == "__main__":
    main()
