"""Writes benchmarks/ROLLING.md (to stdout) from the results benchmarks/rolling.sh left in benchmarks/results/rolling/.

    python3 benchmarks/harness/rolling_report.py RESULTS_DIR COMMAND STARTED_AT PRE_STOP_DELAY_MS
"""
import csv
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

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


def java_version():
    java = Path(os.environ.get("JAVA_HOME", "")) / "bin" / "java"
    out = subprocess.run([str(java), "-version"], capture_output=True, text=True).stderr.splitlines()
    return out[0] if out else "unknown"


def main():
    results, command, started_at, pre_stop = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
    roll, kill = scenario(results / "roll"), scenario(results / "kill")
    haproxy = subprocess.run(["/usr/sbin/haproxy", "-v"], capture_output=True, text=True).stdout.splitlines()[0]
    load = (results / "roll" / "load.log").read_text().splitlines()[0].removeprefix("RollingLoad: ")
    postgres = subprocess.run(["psql", "-X", "-A", "-t", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-c",
                               "SHOW server_version"], capture_output=True, text=True).stdout.strip()
    out = [
        "## Rolling restarts: three instances behind HAProxy under load",
        "",
        f"Written by `{command}` on {started_at}. Do not edit by hand: run it again.",
        "",
        f"- Machine: {os.cpu_count()} CPUs ({platform.machine()}); {java_version()}; {haproxy.split(' - ')[0]};"
        f" PostgreSQL {postgres} on 127.0.0.1. **The machine is shared and was loaded** (other engineers' builds and"
        " tests ran meanwhile); nothing is pinned: the three services, HAProxy, PostgreSQL and the load generator"
        " share its CPUs.",
        "- Three instances of `examples/user-service` through `bin/user-service`, `user.store=postgresql` on one"
        f" database made for the run, `jzenith.shutdown.pre-stop-delay={pre_stop}ms`,"
        " `postgresql.connection-timeout=10s` (a starting JVM on the loaded machine may need more than the default 2 s"
        " for its first connection), the drain timeout"
        " (`jzenith.shutdown-timeout`) at its default of 10 s. HAProxy checks `/health/ready` every 500 ms"
        " (`fall 2 rise 2`) and retries a failed request on another server (`retry-on conn-failure empty-response`,"
        " `option redispatch 1`, POST only on a refused connection), a check may take 2 s, a new instance's share"
        " grows over 10 s (`slowstart`); its configuration is"
        " written by the script ([docs/deployment.md](../docs/deployment.md#rolling-restarts) says why each"
        " setting is there).",
        f"- Load (`harness/RollingLoad.java`, JDK HttpClient): {load}, open loop: each request is due at its"
        " time whatever happened to the ones before, and its latency counts from then. A failure is any answer"
        " other than 200 to a GET or 201 to a POST, or none within 10 s. Afterwards every user whose POST was"
        " answered 201 is read back through HAProxy: one that is not found is an acknowledged write lost.",
        "- `roll`: each instance in turn gets SIGTERM, is waited for, started again on its port and waited for"
        " until HAProxy has it UP; `kill`: one instance gets SIGKILL instead, then the same. The window is from"
        " the first signal to the last instance back UP (requests due in it); steady load before and after it."
        " Failed requests and writes lost count the whole scenario, steady load included.",
        "",
        "| scenario | requests | in the window | failed | acknowledged writes | lost |"
        " p50 / p99 ms before | p50 / p99 / max ms in the window | HAProxy retries / redispatches |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, s in (("roll (SIGTERM, 3 instances)", roll), ("kill (SIGKILL, 1 instance)", kill)):
        out.append(f"| {name} | {s['requests']:,} | {s['during']:,} ({s['seconds']:.1f} s) | **{s['failed']}** |"
                   f" {s['acknowledged']:,} | **{s['lost']}** |"
                   f" {s['p50_before']:.1f} / {s['p99_before']:.1f} |"
                   f" {s['p50_during']:.1f} / **{s['p99_during']:.1f}** / {s['max_during']:.0f} |"
                   f" {s['haproxy']['wretr']} / {s['haproxy']['wredis']} |")
    out.append("")
    for name, s in (("roll", roll), ("kill", kill)):
        if s["kinds"]:
            kinds = ", ".join(f"{k}: {v}" for k, v in sorted(s["kinds"].items()))
            out.append(f"Failed requests in `{name}` by method and answer (or error): {kinds}.")
        if s["lost"]:
            out.append(f"Acknowledged writes lost in `{name}`, first ones: {', '.join(s['lost_examples'])}.")
    out += ["", "Each replacement, in ms from the signal (HAProxy's view polled every 20-50 ms; `-`: not seen before the"
            " process had exited):", "",
            "| scenario | instance | signal | first failed check | HAProxy has it DOWN | exited (status) | ready again"
            " | HAProxy has it UP again |",
            "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for name, s in (("roll", roll), ("kill", kill)):
        for r in s["replaced"]:
            at = lambda key: f"{r[key] - r['signal']:,}" if key in r else "-"
            signal = "SIGTERM" if name == "roll" else "SIGKILL"
            out.append(f"| {name} | {r['name']} | {signal} | {at('haproxy-check-failed')} | {at('haproxy-down')} | {at('exited')} ({r.get('status', '?')})"
                       f" | {at('ready')} | {at('haproxy-up')} |")
    goal = roll["failed"] == 0 and roll["lost"] == 0
    out += ["", f"Goal: 0 failed requests and 0 acknowledged writes lost across a full roll: **{'met' if goal else 'not met'}**"
            f" ({roll['failed']} failed, {roll['lost']} lost)."]
    print("\n".join(out))


if __name__ == "__main__":
    main()
