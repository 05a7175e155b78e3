"""Where a request's CPU goes, jZenith's plain-methods app against raw Vert.x (issue 41), for
benchmarks/request-cost.sh, which writes REQUEST-COST.md.

    python3 benchmarks/harness/request_cost.py [--seconds S] [--connections C] [--no-build]

Each app alone, pinned to CPU 0 with wrk on CPU 1 (jZenith's through its launcher, as users deploy it; raw
Vert.x with java -jar), per endpoint (/json, GET /users/{id}) after a warm-up, three runs of S seconds:
1. the app's CPU per request split by thread kind (event loops, virtual-thread carriers, GC and VM, JIT
   compilers, the rest) from /proc, with its context switches per request and, where `perf` may count
   them, its futex calls per request (a virtual thread's hand-off parks and wakes threads);
2. the bytes it allocates per request, every thread's (Flight Recorder's jdk.ThreadAllocationStatistics);
3. its hottest methods by CPU time, the frame on top (Flight Recorder's CPU-time sampler, JDK 25), and
   jZenith's own methods by their inclusive share.
Recording runs are not the CPU runs: a recording costs CPU itself.
"""
import argparse
import collections
import datetime
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import harness  # noqa: E402

BENCHMARKS = Path(__file__).resolve().parents[1]
RESULTS = harness.RESULTS_DIR / "request-cost"
REPORT = BENCHMARKS / "REQUEST-COST.md"
APPS = {"jzenith-plain": "jZenith, plain methods, launcher", "vertx": "raw Vert.x"}
ENDPOINTS = ["json", "users"]
# /proc shows the first 15 characters of a thread's name.
KINDS = [("event loops", re.compile(r"^vert\.x-eventlo")), ("virtual-thread carriers", re.compile(r"^ForkJoinPool")),
         ("GC and VM", re.compile(r"^(VM Thread|GC|G1|VM Periodic|Service Thread|Monitor Deflation)")),
         ("JIT compilers", re.compile(r"^C[12] CompilerThre"))]
OTHER = "the rest"


def java_home():
    return subprocess.run(["sh", "-c", f". {harness.ROOT}/scripts/jdk.sh && echo $JAVA_HOME"], capture_output=True,
                          text=True, check=True).stdout.strip()


def threads(pid):
    """{tid: (name, cpu ticks, context switches)} of every thread of `pid`."""
    out = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            stat = (task / "stat").read_text()
            name = stat[stat.index("(") + 1:stat.rindex(")")]
            fields = stat.rsplit(")", 1)[1].split()
            switches = sum(int(line.split()[1]) for line in (task / "status").read_text().splitlines()
                           if "ctxt_switches:" in line)
            out[task.name] = (name, int(fields[11]) + int(fields[12]), switches)
        except (OSError, ValueError):
            pass  # a thread that ended meanwhile
    return out


def kind(name):
    return next((label for label, pattern in KINDS if pattern.match(name)), OTHER)


def perf_futex(pid, seconds):
    """futex calls of `pid` over `seconds`, counted by perf in the background; None where perf cannot."""
    if not shutil.which("perf"):
        return None
    return subprocess.Popen(["perf", "stat", "-x,", "-e", "syscalls:sys_enter_futex", "-p", str(pid), "--", "sleep",
                             str(seconds)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def futex_count(process):
    if process is None:
        return None
    _, err = process.communicate()
    for line in err.splitlines():
        fields = line.split(",")
        if len(fields) > 2 and "sys_enter_futex" in line and fields[0].strip().isdigit():
            return int(fields[0])
    return None


def cpu_run(url, pid, seconds, connections):
    before = threads(pid)
    counting = perf_futex(pid, seconds)
    result = harness.wrk(url, connections, seconds)
    after = threads(pid)
    futexes = futex_count(counting)
    requests = max(result["requests"], 1)
    hz = os.sysconf("SC_CLK_TCK")
    by_kind = collections.Counter()
    switches = 0
    for tid, (name, ticks, switched) in after.items():
        _, ticks_before, switched_before = before.get(tid, (name, 0, 0))
        by_kind[kind(name)] += ticks - ticks_before
        switches += switched - switched_before
    return dict(rps=result["rps"], requests=requests,
                cpu_us={k: v / hz * 1e6 / requests for k, v in by_kind.items()},
                switches=switches / requests,
                futex=None if futexes is None else futexes / requests)


def recording(jdk, pid, name, events, action):
    """Runs `action` while a Flight Recorder recording of `events` only runs in `pid`; the recording's file."""
    path = RESULTS / f"{name}.jfr"
    path.unlink(missing_ok=True)
    jcmd = [f"{jdk}/bin/jcmd", str(pid)]
    subprocess.run([*jcmd, "JFR.start", f"name={name}", "settings=none", f"filename={path}", *events], check=True,
                   capture_output=True)
    try:
        action()
    finally:
        subprocess.run([*jcmd, "JFR.stop", f"name={name}"], check=True, capture_output=True)
    return path


def events(jdk, path, event, depth=64):
    out = subprocess.run([f"{jdk}/bin/jfr", "print", "--json", "--stack-depth", str(depth), "--events", event,
                          str(path)], capture_output=True, text=True, check=True).stdout
    return json.loads(out)["recording"]["events"]


def allocation(jdk, url, pid, seconds, connections, name):
    """Bytes allocated per request by every thread of `pid` during one wrk run."""
    done = {}

    def load():
        time.sleep(1.2)  # a first reading of every thread before the load
        done.update(harness.wrk(url, connections, seconds))
        time.sleep(1.2)  # and a last one after it

    path = recording(jdk, pid, name, ["+jdk.ThreadAllocationStatistics#enabled=true",
                                      "+jdk.ThreadAllocationStatistics#period=1s"], load)
    readings = collections.defaultdict(list)
    for e in events(jdk, path, "jdk.ThreadAllocationStatistics", 1):
        values = e["values"]
        thread = values.get("thread") or {}
        readings[thread.get("javaThreadId"), thread.get("javaName")].append((values["startTime"], values["allocated"]))
    total = sum(max(v for _, v in r) - min(v for _, v in r) for r in readings.values())
    return total / max(done.get("requests", 0), 1)


def hot(jdk, url, pid, seconds, connections, name):
    """CPU-time samples: the top frames' shares, and jZenith's methods' inclusive shares."""
    path = recording(jdk, pid, name, ["+jdk.CPUTimeSample#enabled=true", "+jdk.CPUTimeSample#throttle=1ms"],
                     lambda: harness.wrk(url, connections, seconds))
    top, ours, samples = collections.Counter(), collections.Counter(), 0
    for e in events(jdk, path, "jdk.CPUTimeSample"):
        trace = e["values"].get("stackTrace")
        if not trace or not trace["frames"]:
            continue
        samples += 1
        names = [f["method"]["type"]["name"].replace("/", ".") + "." + f["method"]["name"] for f in trace["frames"]]
        top[names[0]] += 1
        for method in set(n for n in names if n.startswith("org.jzenith.") and "$$Lambda" not in n):
            ours[method] += 1
    share = lambda counter: [(m, round(100 * c / max(samples, 1), 1)) for m, c in counter.most_common(15)]  # noqa: E731
    return dict(samples=samples, top=share(top), ours=share(ours))


def measure(app, jdk, args, log):
    port = harness.free_port()
    process, _ = harness.start_app(app, port, "", log)
    try:
        pid = harness.java_pid(process)
        base = f"http://127.0.0.1:{port}"
        params = app.setup(base) if app.setup else {}
        out = {}
        for endpoint in ENDPOINTS:
            url = base + harness.ENDPOINTS[endpoint][0].format(**params)
            harness.wrk(url, args.connections, args.warmup)
            runs = [cpu_run(url, pid, args.seconds, args.connections) for _ in range(args.runs)]
            alloc = allocation(jdk, url, pid, args.seconds, args.connections, f"{app.name}-{endpoint}-alloc")
            profile = hot(jdk, url, pid, args.seconds, args.connections, f"{app.name}-{endpoint}-cpu")
            out[endpoint] = dict(runs=runs, bytes_per_request=alloc, profile=profile)
            total = [sum(r["cpu_us"].values()) for r in runs]
            print(f"  {app.name} {endpoint}: {statistics.median(total):.2f} us/req (runs {[round(t, 2) for t in total]}),"
                  f" {alloc:.0f} B/req", flush=True)
        return out
    finally:
        harness.stop_app(process)


def median_of(runs, key):
    values = [r[key] for r in runs if r.get(key) is not None]
    return statistics.median(values) if values else None


def write(data):
    meta = data["meta"]
    lines = ["# Where a request's CPU goes: jZenith against raw Vert.x", "",
             f"Written by `{meta['command']}` on {meta['started_at'][:16].replace('T', ' ')} UTC. Do not edit by hand:"
             " run it again.", "",
             "Each app alone, pinned to CPU 0 with wrk on CPU 1 (`wrk -t1`,"
             f" {meta['connections']} connections); per endpoint a {meta['warmup']} s warm-up, then {meta['runs']} runs"
             f" of {meta['seconds']} s for CPU (medians; the app's threads' user+system time from /proc, by kind of"
             " thread, over the requests answered), one for allocation (Flight Recorder's thread allocation"
             " statistics) and one for the CPU-time profile (Flight Recorder's CPU-time sampler), each recording alone."
             f" Load average {min(meta['loads']):.1f}-{max(meta['loads']):.1f} during the run (2 CPUs; the app and wrk"
             " make about 2): CPU per request moves less with the machine's load than requests/s does.", ""]
    kinds = [label for label, _ in KINDS] + [OTHER]
    for endpoint in ENDPOINTS:
        lines += [f"## {harness.ENDPOINTS[endpoint][0]}", "",
                  "| app | rps | CPU µs per request | " + " | ".join(kinds) +
                  " | context switches per request | futex calls per request | bytes allocated per request |",
                  "| --- | ---: | ---: | " + " | ".join("---:" for _ in kinds) + " | ---: | ---: | ---: |"]
        for name, label in APPS.items():
            measured = data["apps"].get(name, {}).get(endpoint)
            if not measured:
                continue
            runs = measured["runs"]
            per_kind = [statistics.median(r["cpu_us"].get(k, 0) for r in runs) for k in kinds]
            futex = median_of(runs, "futex")
            lines.append(f"| {label} | {median_of(runs, 'rps'):,.0f} |"
                         f" {statistics.median(sum(r['cpu_us'].values()) for r in runs):.2f} | "
                         + " | ".join(f"{v:.2f}" for v in per_kind)
                         + f" | {median_of(runs, 'switches'):.3f} | {'—' if futex is None else f'{futex:.3f}'} |"
                         f" {measured['bytes_per_request']:,.0f} |")
        lines.append("")
        for name, label in APPS.items():
            measured = data["apps"].get(name, {}).get(endpoint)
            if not measured:
                continue
            profile = measured["profile"]
            lines += [f"{label}, the hottest methods ({profile['samples']} samples, % of them with the method on top):",
                      "", "| method | % |", "| --- | ---: |"]
            lines += [f"| `{m}` | {p} |" for m, p in profile["top"]]
            if profile["ours"]:
                lines += ["", f"{label}, jZenith's methods, % of samples with the method anywhere on the stack:", "",
                          "| method | % |", "| --- | ---: |"]
                lines += [f"| `{m}` | {p} |" for m, p in profile["ours"]]
            lines.append("")
    REPORT.write_text("\n".join(lines))
    print(f"wrote {REPORT}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=8)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()
    results = RESULTS / "results.json"
    if args.report_only:
        write(json.loads(results.read_text()))
        return
    jdk = java_home()
    os.environ["JAVA_HOME"] = jdk
    RESULTS.mkdir(parents=True, exist_ok=True)
    everything = harness.all_apps()
    started_at = datetime.datetime.now(datetime.timezone.utc).isoformat()
    loads = [float(Path("/proc/loadavg").read_text().split()[0])]
    apps = {}
    with open(RESULTS / "apps.log", "w") as log:
        for name in APPS:
            app = everything[name]
            if not args.no_build:
                print(f"building {name}", flush=True)
                subprocess.run(app.build, check=True, capture_output=True)
            apps[name] = measure(app, jdk, args, log)
            loads.append(float(Path("/proc/loadavg").read_text().split()[0]))
    command = " ".join(["benchmarks/request-cost.sh", *sys.argv[1:]])
    data = {"meta": dict(command=command, started_at=started_at, seconds=args.seconds, warmup=args.warmup,
                         runs=args.runs, connections=args.connections, loads=loads), "apps": apps}
    results.write_text(json.dumps(data, indent=1))
    write(data)


if __name__ == "__main__":
    main()
