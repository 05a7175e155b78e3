"""Writes benchmarks/ROLLING.md (to stdout) from the results benchmarks/rolling.sh left in benchmarks/results/rolling/.

    python3 benchmarks/harness/rolling_report.py RESULTS_DIR COMMAND STARTED_AT PRE_STOP_DELAY_MS [STEP_SECONDS P99_MS]
    python3 benchmarks/harness/rolling_report.py --step STEP_DIR P99_MS    # one capacity step: "ok ..." or "over ..."
"""
import csv
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from goals import Goal, single, table  # noqa: E402

OK = {"GET": "200", "POST": "201"}


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def events(path):
    rows = []
    for line in path.read_text().splitlines():
        ms, *what = line.split()
        rows.append((int(ms), what))
    return rows


def haproxy_counters(before, after):
    """HAProxy's own counts over the scenario, for the backend: retries, redispatches, errors."""
    def read(path):
        lines = path.read_text().lstrip("# ").splitlines()
        rows = list(csv.DictReader(lines))
        return next(r for r in rows if r["pxname"] == "users" and r["svname"] == "BACKEND")
    b, a = read(before), read(after)
    return {k: int(a[k] or 0) - int(b[k] or 0) for k in ("wretr", "wredis", "econ", "eresp", "hrsp_5xx")}


def scenario(directory):
    requests = list(csv.DictReader((directory / "requests.csv").open()))
    timeline = events(directory / "events.txt")
    begin = next(ms for ms, what in timeline if what == ["begin"])
    end = next(ms for ms, what in timeline if what == ["end"])
    during = [r for r in requests if begin <= int(r["due_ms"]) <= end]
    before = [r for r in requests if int(r["due_ms"]) < begin]
    failed = [r for r in requests if r["status"] != OK[r["method"]]]
    kinds = {}
    for r in failed:
        key = f"{r['method']} {r['status']}"
        kinds[key] = kinds.get(key, 0) + 1
    verify = json.loads((directory / "verify.json").read_text())
    ms = lambda rows, p: percentile([int(r["latency_us"]) / 1000 for r in rows], p)
    replaced = []
    for ms_at, what in timeline:
        if what[0] in ("TERM", "KILL"):
            replaced.append({"name": what[1], "signal": ms_at})
        elif replaced and what[0] in ("haproxy-check-failed", "haproxy-down", "exited", "started", "ready",
                                      "haproxy-up"):
            replaced[-1][what[0]] = ms_at
            if what[0] == "exited":
                replaced[-1]["status"] = what[2]
    return {
        "requests": len(requests), "during": len(during), "failed": len(failed),
        "kinds": kinds,
        "posts": sum(1 for r in requests if r["method"] == "POST"),
        "acknowledged": verify["acknowledged"], "lost": verify["lost"], "lost_examples": verify["lost_examples"],
        "p50_before": ms(before, 50), "p99_before": ms(before, 99), "p50_during": ms(during, 50),
        "p99_during": ms(during, 99), "max_during": ms(during, 100), "seconds": (end - begin) / 1000,
        "replaced": replaced, "haproxy": haproxy_counters(directory / "haproxy-before.csv", directory / "haproxy-after.csv"),
    }


def step(directory, p99_bound_ms):
    """One step of the capacity ramp: its rate, requests, failures and latencies, and whether it held."""
    requests = list(csv.DictReader((directory / "requests.csv").open()))
    failed = [r for r in requests if r["status"] != OK[r["method"]]]
    latencies = [int(r["latency_us"]) / 1000 for r in requests]
    p99 = percentile(latencies, 99)
    return {"rate": int(directory.name), "requests": len(requests), "failed": len(failed),
            "p50": percentile(latencies, 50), "p99": p99,
            "held": not failed and p99 <= p99_bound_ms}


def java_version():
    java = Path(os.environ.get("JAVA_HOME", "")) / "bin" / "java"
    out = subprocess.run([str(java), "-version"], capture_output=True, text=True).stderr.splitlines()
    return out[0] if out else "unknown"


def main():
    if sys.argv[1] == "--step":
        result = step(Path(sys.argv[2]), float(sys.argv[3]))
        print(f"{'ok' if result['held'] else 'over'} requests={result['requests']} failed={result['failed']}"
              f" p99={result['p99']:.0f}ms")
        return
    results, command, started_at, pre_stop = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
    capacity_mode = (results / "capacity").is_dir()
    if capacity_mode:
        step_seconds, p99_bound = int(sys.argv[5]), float(sys.argv[6])
        steps = sorted((step(d, p99_bound) for d in (results / "capacity").iterdir()), key=lambda x: x["rate"])
        capacity = int((results / "capacity.txt").read_text())
        names = [("roll-80", f"roll at 80% of capacity (SIGTERM, 3 instances)"),
                 ("roll-100", f"roll at 100% of capacity (SIGTERM, 3 instances)"),
                 ("kill-80", "kill at 80% of capacity (SIGKILL, 1 instance)")]
    else:
        names = [("roll", "roll (SIGTERM, 3 instances)"), ("kill", "kill (SIGKILL, 1 instance)")]
    scenarios = {name: scenario(results / name) for name, _ in names}
    haproxy = subprocess.run(["/usr/sbin/haproxy", "-v"], capture_output=True, text=True).stdout.splitlines()[0]
    postgres = subprocess.run(["psql", "-X", "-A", "-t", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-c",
                               "SHOW server_version"], capture_output=True, text=True).stdout.strip()
    loads = {name: (results / name / "load.log").read_text().splitlines()[0].removeprefix("RollingLoad: ")
             for name, _ in names}
    out = [
        "## Rolling restarts: three instances behind HAProxy under load",
        "",
        f"Written by `{command}` on {started_at}. Do not edit by hand: run it again.",
        "",
        f"- Machine: {os.cpu_count()} CPUs ({platform.machine()}); {java_version()}; {haproxy.split(' - ')[0]};"
        f" PostgreSQL {postgres} on 127.0.0.1. The machine is shared: other work may have run meanwhile;"
        " nothing is pinned: the three services, HAProxy, PostgreSQL and the load generator share its CPUs.",
        "- Three instances of `examples/user-service` through `bin/user-service`, `user.store=postgresql` on one"
        f" database made for the run, `jzenith.shutdown.pre-stop-delay={pre_stop}ms`, every other setting at its"
        " default (the drain timeout `jzenith.shutdown-timeout` 10 s; no raised connection timeout: a store's first"
        " connection is tried again by itself). HAProxy checks `/health/ready` every 500 ms"
        " (`fall 2 rise 2`, `timeout check 2s`) and retries a failed request on another server (`retry-on"
        " conn-failure empty-response`, `option redispatch 1`, POST only on a refused connection), a new instance's"
        " share grows over 10 s (`slowstart`); its configuration is written by the script"
        " ([docs/deployment.md](../docs/deployment.md#rolling-restarts) says why each setting is there, and how the"
        " pre-stop delay follows from them).",
        "- Load (`harness/RollingLoad.java`, JDK HttpClient), open loop: each request is due at its"
        " time whatever happened to the ones before, and its latency counts from then. A failure is any answer"
        " other than 200 to a GET or 201 to a POST, or none within 10 s. Afterwards every user whose POST was"
        " answered 201 is read back through HAProxy: one that is not found is an acknowledged write lost.",
        "- A roll: each instance in turn gets SIGTERM, is waited for, started again on its port and waited for"
        " until HAProxy has it UP; a kill: one instance gets SIGKILL instead, then the same. The window is from"
        " the first signal to the last instance back UP (requests due in it); steady load before and after it."
        " Failed requests and writes lost count the whole scenario, steady load included.",
        "",
    ]
    if capacity_mode:
        out += [
            f"### Capacity: {capacity:,} requests/s",
            "",
            f"The same load without restarts, {step_seconds} s at each rate of a ramp (100 requests/s, then 1.5 times"
            f" the last) until a step failed a request or its p99 passed {p99_bound:.0f} ms; the capacity is the last"
            " rate that did neither. Rolls run at 80% and 100% of it.",
            "",
            "| requests/s | requests | failed | p50 ms | p99 ms | held |",
            "| ---: | ---: | ---: | ---: | ---: | --- |",
        ]
        for st in steps:
            out.append(f"| {st['rate']:,} | {st['requests']:,} | {st['failed']} | {st['p50']:.1f} | {st['p99']:.1f} |"
                       f" {'yes' if st['held'] else 'no'} |")
        out.append("")
    out += [
        "| scenario | load | requests | in the window | failed | acknowledged writes | lost |"
        " p50 / p99 ms before | p50 / p99 / max ms in the window | HAProxy retries / redispatches |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, title in names:
        s_ = scenarios[name]
        out.append(f"| {title} | {loads[name]} | {s_['requests']:,} | {s_['during']:,} ({s_['seconds']:.1f} s) |"
                   f" **{s_['failed']}** | {s_['acknowledged']:,} | **{s_['lost']}** |"
                   f" {s_['p50_before']:.1f} / {s_['p99_before']:.1f} |"
                   f" {s_['p50_during']:.1f} / **{s_['p99_during']:.1f}** / {s_['max_during']:.0f} |"
                   f" {s_['haproxy']['wretr']} / {s_['haproxy']['wredis']} |")
    out.append("")
    for name, _ in names:
        s_ = scenarios[name]
        if s_["kinds"]:
            kinds = ", ".join(f"{k}: {v}" for k, v in sorted(s_["kinds"].items()))
            out.append(f"Failed requests in `{name}` by method and answer (or error): {kinds}.")
        if s_["lost"]:
            out.append(f"Acknowledged writes lost in `{name}`, first ones: {', '.join(s_['lost_examples'])}.")
    out += ["", "Each replacement, in ms from the signal (HAProxy's view polled every 20-50 ms; `-`: not seen before the"
            " process had exited):", "",
            "| scenario | instance | signal | first failed check | HAProxy has it DOWN | exited (status) | ready again"
            " | HAProxy has it UP again |",
            "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for name, _ in names:
        for r in scenarios[name]["replaced"]:
            at = lambda key: f"{r[key] - r['signal']:,}" if key in r else "-"
            signal = "SIGKILL" if name.startswith("kill") else "SIGTERM"
            out.append(f"| {name} | {r['name']} | {signal} | {at('haproxy-check-failed')} | {at('haproxy-down')} |"
                       f" {at('exited')} ({r.get('status', '?')}) | {at('ready')} | {at('haproxy-up')} |")
    if capacity_mode:
        r80, r100, k80 = scenarios["roll-80"], scenarios["roll-100"], scenarios["kill-80"]
        judged = [
            Goal("a full roll at 80% of capacity fails no request and loses no acknowledged write",
                 f"{r80['failed']} failed, {r80['lost']} lost", single(r80["failed"] == 0 and r80["lost"] == 0)),
            Goal("a full roll at 100% of capacity loses no acknowledged write",
                 f"{r100['lost']} lost ({r100['failed']} failed requests)", single(r100["lost"] == 0),
                 "failed requests by kind above"),
            Goal("a SIGKILL at 80% of capacity loses no acknowledged write",
                 f"{k80['lost']} lost ({k80['failed']} failed requests)", single(k80["lost"] == 0),
                 "failed requests by kind above"),
        ]
    else:
        roll = scenarios["roll"]
        judged = [Goal("0 failed requests and 0 acknowledged writes lost across a full roll",
                       f"{roll['failed']} failed, {roll['lost']} lost", single(roll["failed"] == 0 and roll["lost"] == 0))]
    out += [""] + table(judged, heading="### Goals")
    print("\n".join(out))


if __name__ == "__main__":
    main()
