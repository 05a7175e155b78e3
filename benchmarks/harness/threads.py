#!/usr/bin/env python3
"""Virtual threads against Vert.x's worker pool, for jZenith; behind benchmarks/threads.sh.

ThreadsApplication (benchmarks/apps/jzenith-plain) has four endpoints that block for 200 ms, standing
for a slow downstream call: straight, and after taking one of 50 permits (as a JDBC pool of 50
would ration connections); each as a plain method (a virtual thread per request, jZenith's default)
and with @Blocking (Vert.x's worker pool, 20 threads). Each runs in a JVM of its own, pinned to
CPU 0, driven by wrk on CPU 1 at 20, 50, 100 and 200 concurrent clients. Per level: throughput,
latency, the live heap under load (after a forced GC at 70% of the level), the peak heap in use and
the JVM's platform threads (/proc/PID/status). Writes benchmarks/THREADS.md, its section of
RESULTS.md and report/threads.png.
"""
import argparse
import datetime
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402
import report  # noqa: E402

ROOT = harness.ROOT
BENCHMARKS = ROOT / "benchmarks"
APP = BENCHMARKS / "apps" / "jzenith-plain" / "bench.sh"
RESULTS = BENCHMARKS / "results" / "threads"
THREADS_MD = BENCHMARKS / "THREADS.md"
PICTURE = BENCHMARKS / "report" / "threads.png"
SLEEP_S = 0.2
WORKER_POOL = 20  # Vert.x's default worker pool size, which jZenith keeps
PERMITS = 50

# name, path, what it is, whether it runs on a virtual thread, how many requests can be in the sleep at once
VARIANTS = [
    ("virtual", "/sleep/virtual", "plain method (virtual thread)", True, None),
    ("worker", "/sleep/worker", "`@Blocking` (worker pool)", False, WORKER_POOL),
    ("pool-virtual", "/sleep/pool/virtual", "plain method, 50 permits", True, PERMITS),
    ("pool-worker", "/sleep/pool/worker", "`@Blocking`, 50 permits", False, WORKER_POOL),
]


def jcmd(pid, *command):
    try:
        return subprocess.run([str(Path(os.environ["JAVA_HOME"]) / "bin" / "jcmd"), str(pid), *command],
                              capture_output=True, text=True, timeout=60).stdout
    except (subprocess.SubprocessError, OSError):
        return ""


def heap_used_mb(pid):
    """Heap in use from jcmd GC.heap_info, MB: the generations' (or the whole heap's) "used", which is
    current for every collector (jstat's eden figure only moves at a collection with Serial)."""
    used = [int(m.group(1)) for line in jcmd(pid, "GC.heap_info").splitlines()[1:]
            if line[:1].strip() and (m := re.search(r"used (\d+)K", line))]
    return round(sum(used) / 1024, 1) if used else None


def live_heap_mb(pid):
    """What is reachable right now: a full collection (jcmd GC.run), then jstat's survivors and old
    generation. Eden is left out: right after the collection its "used" is mostly the TLABs already
    handed to the running threads, more with more threads, not objects."""
    jcmd(pid, "GC.run")
    jstat = Path(os.environ["JAVA_HOME"]) / "bin" / "jstat"
    try:
        out = subprocess.run([str(jstat), "-gc", str(pid)], capture_output=True, text=True, timeout=10).stdout
        header, values = out.strip().splitlines()[-2:]
        row = dict(zip(header.split(), values.split()))
        return round(sum(float(row[k]) for k in ("S0U", "S1U", "OU") if row.get(k, "-") != "-") / 1024, 1)
    except (subprocess.SubprocessError, ValueError, IndexError, OSError):
        return None


def threads_of(pid):
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("Threads:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


class Sampler(threading.Thread):
    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.stopping = pid, threading.Event()
        self.threads, self.heap = [], []

    def run(self):
        while not self.stopping.is_set():
            self.threads.append(threads_of(self.pid))
            self.heap.append(heap_used_mb(self.pid))
            self.stopping.wait(1)

    def stop(self):
        self.stopping.set()
        self.join(timeout=10)


def wrk(url, connections, seconds):
    out = subprocess.run(["taskset", "-c", harness.LOAD_CPU, "wrk", "-t1", f"-c{connections}", f"-d{seconds}s",
                          "--latency", "--timeout", "30s", url], capture_output=True, text=True).stdout
    return harness.parse_wrk(out)


def measure(variant, levels, seconds, log_dir):
    name, path, _, virtual, _ = variant
    port = harness.free_port()
    app = harness.App(f"threads-{name}", lambda p: [str(APP), "threads", str(p)], None, ["threads"])
    # start_app probes the app's first endpoint; /health/live answers at once.
    harness.ENDPOINTS.setdefault("threads", ("/health/live", lambda body: True))
    with open(log_dir / f"{name}.log", "w") as log:
        process, startup_ms = harness.start_app(app, port, "", log)
        try:
            pid = harness.java_pid(process)
            url = f"http://127.0.0.1:{port}{path}"
            status, body = harness.fetch(url, timeout=10)
            answer = json.loads(body)
            if status != 200 or answer.get("virtual") is not virtual:
                raise RuntimeError(f"{path} answered {status} {body[:200]}; expected virtual={virtual}")
            print(f"{name}: runs on {answer['thread'] or 'a virtual thread'}; threads at start {threads_of(pid)}",
                  flush=True)
            wrk(url, levels[0], 3)  # warm-up
            rows = []
            for clients in levels:
                sampler = Sampler(pid)
                sampler.start()
                live = {}
                timer = threading.Timer(seconds * 0.7, lambda: live.update(mb=live_heap_mb(pid)))
                timer.start()
                gc0 = harness.gc_totals(pid)
                result = wrk(url, clients, seconds)
                timer.join()
                sampler.stop()
                gc1 = harness.gc_totals(pid)
                result.update(variant=name, clients=clients, live_heap_mb=live.get("mb"),
                              heap_peak_mb=max((h for h in sampler.heap if h is not None), default=None),
                              threads_peak=max((t for t in sampler.threads if t is not None), default=None),
                              threads_after=threads_of(pid), heap_after_mb=heap_used_mb(pid),
                              gcs=(gc1[0] - gc0[0]) if None not in (gc0[0], gc1[0]) else None)
                rows.append(result)
                print(f"  c={clients:<4} {result['rps']:7.1f} rps  p99 {result['p99']} ms  errors {result['errors']}"
                      f"  live heap {result['live_heap_mb']} MB  platform threads {result['threads_peak']}", flush=True)
                time.sleep(1)
            return rows, startup_ms
        finally:
            harness.stop_app(process)


def ideal_rps(variant, clients):
    capacity = variant[4]
    return min(clients, capacity or clients) / SLEEP_S


def write_report(rows, meta):
    by = {(r["variant"], r["clients"]): r for r in rows}
    levels = sorted({r["clients"] for r in rows})
    lines = ["# Virtual threads against the worker pool", "",
             f"Written by `{meta['command']}` on {meta['date']} UTC. Do not edit by hand: run it again.", ""]
    if meta["duration"] < 20:
        lines += [f"**A short check: {meta['duration']} s per level. The shape holds; the figures are rough.**", ""]
    lines += [
        f"- Machine: {meta['machine']}.",
        "- `apps/jzenith-plain`'s `ThreadsApplication`: `GET /sleep/...` sleeps 200 ms (a slow downstream call);"
        f" the `pool` endpoints first take one of {PERMITS} permits of a fair `Semaphore`, as a JDBC pool of"
        f" {PERMITS} connections would ration them. A plain method runs on a new virtual thread per request"
        f" (jZenith's default); `@Blocking` (SmallRye) runs it on Vert.x's worker pool, {WORKER_POOL} threads by"
        " default.",
        f"- Each endpoint in a JVM of its own with default settings, pinned to CPU 0; wrk on CPU 1"
        f" (`wrk -t1 -cN --timeout 30s`), {meta['duration']} s per level after 3 s of warm-up. Ideal rps is"
        f" min(clients, threads or permits) / 0.2 s. Live heap: `jcmd GC.run` at 70% of the level, under load,"
        " then the survivors and old generation in use (`jstat`). Peak heap (`jcmd GC.heap_info`'s used,"
        " TLABs handed to threads included) and platform threads (`/proc/PID/status`) are sampled every"
        " second during the level.",
        "",
        "| endpoint | runs on | clients | rps | ideal rps | p50 ms | p99 ms | max ms | errors | live heap MB |"
        " peak heap MB | platform threads (peak) |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for variant in VARIANTS:
        for clients in levels:
            r = by.get((variant[0], clients))
            if not r:
                continue
            lines.append(f"| `{variant[1]}` | {variant[2]} | {clients} | {r['rps']:.0f} | {ideal_rps(variant, clients):.0f} |"
                         f" {fmt(r['p50'])} | {fmt(r['p99'])} | {fmt(r['max'])} | {r['errors']} |"
                         f" {r['live_heap_mb'] or ''} | {r['heap_peak_mb'] or ''} | {r['threads_peak'] or ''} |")
    lines += ["", "![virtual threads against the worker pool](report/threads.png)", "", "## Reading", ""]
    lines += reading(by, levels)
    THREADS_MD.write_text("\n".join(lines).rstrip() + "\n")
    picture(rows, levels)
    report.splice(BENCHMARKS / "RESULTS.md", "threads")
    print(f"wrote {THREADS_MD}, {PICTURE} and its section of benchmarks/RESULTS.md", flush=True)


def reading(by, levels):
    """What the table says, in sentences made from this run's figures."""
    top = max(levels)
    out = []
    v, w = by.get(("virtual", top)), by.get(("worker", top))
    pv, pw = by.get(("pool-virtual", top)), by.get(("pool-worker", top))
    if v and w:
        scales = v["rps"] >= 0.8 * ideal_rps(VARIANTS[0], top)
        capped = w["rps"] <= 1.1 * WORKER_POOL / SLEEP_S
        verdict = ("Virtual threads scale with the clients; the pool scales with its size." if scales and capped else
                   "Here the virtual threads fell short of the ideal by more than a fifth: read the run's log and the"
                   " machine's load before the verdict." if not scales else
                   "The pool did better than its size allows, which needs a look at how many workers it had.")
        out.append(
            f"- **Unbounded blocking.** At {top} clients the virtual threads served {v['rps']:.0f} rps"
            f" ({v['rps'] / ideal_rps(VARIANTS[0], top):.0%} of the {ideal_rps(VARIANTS[0], top):.0f} that 200 ms"
            f" sleeps allow) with p99 {fmt(v['p99'])} ms; the worker pool served {w['rps']:.0f} rps, capped by its"
            f" {WORKER_POOL} threads at {WORKER_POOL / SLEEP_S:.0f}, and its p99 grew to {fmt(w['p99'])} ms because"
            f" requests wait in its queue ({top} / {WORKER_POOL} × 200 ms = {top / WORKER_POOL * SLEEP_S * 1000:.0f}"
            f" ms). {verdict}")
        out.append(
            f"- **What it costs.** Platform threads at {top} clients: {v['threads_peak']} with virtual threads,"
            f" {w['threads_peak']} with the worker pool (its {WORKER_POOL} threads are made on demand and kept)."
            f" Live heap under load: {v['live_heap_mb']} MB against {w['live_heap_mb']} MB. A waiting request"
            " costs little either way: a parked virtual thread is a heap object with its stack chunk, a request"
            " queued for the pool a task in its queue; the pool's threads have native stacks outside the heap"
            " (1 MB reserved each, a few pages committed).")
    if pv and pw:
        out.append(
            f"- **Behind a pool of {PERMITS}.** With the permits, virtual threads served {pv['rps']:.0f} rps (ideal"
            f" {ideal_rps(VARIANTS[2], top):.0f}): the {PERMITS} permits, not the threads, are the limit, and the"
            f" waiting requests are parked virtual threads (p99 {fmt(pv['p99'])} ms). On the worker pool the same"
            f" code served {pw['rps']:.0f} rps (p99 {fmt(pw['p99'])} ms): its {WORKER_POOL} threads run out before"
            f" the {PERMITS} permits do, so {PERMITS - WORKER_POOL} of the connections such a pool would hold stay"
            " idle.")
    if v and w and v["rps"] > 2 * w["rps"]:
        out.append(
            "- **For jZenith.** The default, a virtual thread for a method that returns a plain value, is right for"
            " blocking calls: throughput is bounded by the resource (the downstream's latency, the connection"
            " pool), not by a thread pool, and p99 is the call's own latency until that resource runs out."
            " `@Blocking` caps a service at worker-pool-size / latency requests per second; keep it for code"
            " that must not run on a virtual thread (long CPU work that should not hold a carrier, or a library"
            " that pins). Size a JDBC pool for the database, not for the threads.")
    return out


def picture(rows, levels):
    series = {name: sorted((r for r in rows if r["variant"] == name), key=lambda r: r["clients"])
              for name, *_ in VARIANTS}
    titles = {name: label.replace("`", "") for name, _, label, *_ in VARIANTS}
    panels = [("rps", "requests per second", lambda r: r["rps"]), ("p99 ms", "p99 latency (ms)", lambda r: r["p99"]),
              ("platform threads", "platform threads (peak)", lambda r: r["threads_peak"]),
              ("live heap MB", "live heap under load (MB)", lambda r: r["live_heap_mb"])]
    script = [f"set terminal pngcairo size 1200,800 noenhanced; set output '{PICTURE}';",
              "set multiplot layout 2,2 title 'Blocking 200 ms: virtual threads and the worker pool (20 threads)';",
              f"set grid; set xlabel 'concurrent clients'; set xtics ({', '.join(map(str, levels))}); set key top left;"]
    for i, (_, title, value) in enumerate(panels):
        # One legend, in the first panel; the others would cover their lines with it.
        script.append(f"set title '{title}'; set yrange [0:*]; {'set key top left' if i == 0 else 'unset key'};")
        plots = [f"'-' using 1:2 with linespoints lw 2 title '{titles[name]}'" for name in series if series[name]]
        script.append("plot " + ", ".join(plots))
        for name in series:
            if series[name]:
                script.append("\n".join(f"{r['clients']} {value(r) or 0}" for r in series[name]) + "\ne")
    script.append("unset multiplot")
    PICTURE.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["gnuplot"], input="\n".join(script) + "\n", text=True, capture_output=True)


def fmt(value):
    return "" if value is None else f"{value:.1f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duration", type=int, default=20, help="seconds per concurrency level (default 20)")
    parser.add_argument("--clients", default="20,50,100,200", help="concurrency levels (default 20,50,100,200)")
    parser.add_argument("--variants", default=",".join(v[0] for v in VARIANTS),
                        help="virtual,worker,pool-virtual,pool-worker (default all)")
    parser.add_argument("--report-only", action="store_true", help="rewrite the report from the last run's results")
    args = parser.parse_args()
    os.environ["JAVA_HOME"] = subprocess.run(["sh", "-c", f". {ROOT}/scripts/jdk.sh && echo $JAVA_HOME"],
                                             capture_output=True, text=True, check=True).stdout.strip()
    os.environ["JZENITH_JDK_CHECKED"] = "1"
    RESULTS.mkdir(parents=True, exist_ok=True)
    results_json = RESULTS / "results.json"
    if args.report_only:
        data = json.loads(results_json.read_text())
        write_report(data["rows"], data["meta"])
        return
    levels = [int(c) for c in args.clients.split(",")]

    def interrupted(signum, _frame):
        raise KeyboardInterrupt(f"signal {signum}")

    # Stopped by either, each app is stopped too (it runs in a session of its own, so no signal reaches it).
    signal.signal(signal.SIGTERM, interrupted)
    signal.signal(signal.SIGINT, interrupted)
    meta = {"command": " ".join(["benchmarks/threads.sh", *sys.argv[1:]]), "duration": args.duration,
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"),
            "machine": harness.machine()}
    rows, failures = [], []
    for variant in VARIANTS:
        if variant[0] not in args.variants.split(","):
            continue
        try:
            measured, _ = measure(variant, levels, args.duration, RESULTS)
            rows += measured
        except (RuntimeError, OSError, ValueError, AttributeError) as e:
            failures.append(f"{variant[0]}: {e}")
            print(f"! {failures[-1]}", flush=True)
    results_json.write_text(json.dumps({"meta": meta, "rows": rows, "failures": failures}, indent=1))
    if rows:
        write_report(rows, meta)
    if failures:
        sys.exit("Failed: " + "; ".join(failures))


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit("\ninterrupted; the app that was running is stopped")
