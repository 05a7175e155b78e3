#!/usr/bin/env python3
"""Writes benchmarks/KAFKA-MEMORY.md from kafka-memory.sh's results:

    kafka_memory_report.py RESULTS_DIR COMMAND STARTED LIMIT...

RESULTS_DIR holds, per LIMIT, kafka_cgroup.py's LIMIT.json, the launcher's dry run LIMIT.flags and the
load average after the run LIMIT.load.
"""
import json
import sys
from pathlib import Path

from goals import MISSED, Goal, single, shorter, table
import page_cache

results, command, started = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
limits = sys.argv[4:]

FLAGS = ("-Xmx", "-XX:MaxMetaspaceSize", "-XX:ReservedCodeCacheSize", "-XX:TieredStopAtLevel", "-XX:AOTCache",
         "-XX:+UseSerialGC", "-XX:+UseG1GC")


def launcher_flags(limit):
    path = results / f"{limit}.flags"
    lines = path.read_text().split() if path.exists() else []
    picked = [f for f in lines if f.startswith(FLAGS)]
    return " ".join("AOT cache" if f.startswith("-XX:AOTCache") else f for f in picked) or "?"


def outcome(run):
    """(lived, figure): whether the service was alive at the end with its lag back to 0, and why not."""
    if "died" in run:
        return False, run["died"]
    samples = run["samples"]
    last = samples[-1]
    if not run.get("survived"):
        dead = next((s["t"] for s in samples if not s["alive"]), None)
        return False, f"killed at second {dead} (OOM kills {run.get('oom_kills')})"
    if last["lag"] != 0:
        return False, f"alive, {last['lag']:,} events left unconsumed 30 s after the flood"
    return True, "alive, lag back to 0"


runs = {limit: json.loads((results / f"{limit}.json").read_text()) for limit in limits
        if (results / f"{limit}.json").exists()}
first = next(iter(runs.values()), {})
rate = first.get("rate", 0)
seconds = first.get("seconds", 0)
out = [
    "# The audit service's smallest memory cgroup",
    "",
    f"Written by `{command}` on {started}. Do not edit by hand: run it again.",
    "",
    "`examples/audit-service` (a Kafka consumer with REST, embedded H2, the outbox and JWT on its classpath) through "
    "its launcher, which sizes the JVM for each limit, in a memory cgroup without swap, the broker outside it; "
    f"`KafkaBench flood` sends `UserCreated` events at {rate:,}/s for {seconds} s per limit, then watches the lag for "
    f"up to 30 s more. Each event is one H2 transaction in the service. `JZENITH_AOT={first.get('aot', 'auto')}`. "
    + page_cache.setup(first),
    "",
    "What the AOT cache holds in memory at ready: its pages read from the file and still shared with it (the "
    "read-only part, reclaimable but read again on use) and its pages written since, which are anonymous memory "
    "like the heap (the read-write part: the metadata of every class the cache holds is written at start).",
    "",
    "| limit | the launcher's choice | ready after s | AOT cache read / written MB | anonymous max MB | cgroup peak MB "
    "| failcnt | events sent / committed | lag max in the second half / at the end | outcome | load after |",
    "| --- | --- | ---: | --- | ---: | ---: | ---: | --- | --- | --- | --- |",
]
judged = []
for limit in limits:
    run = runs.get(limit)
    if run is None:
        out.append(f"| {limit} | {launcher_flags(limit)} | | | | | | | | not run | |")
        continue
    load = (results / f"{limit}.load").read_text().split()[:3] if (results / f"{limit}.load").exists() else []
    lived, why = outcome(run)
    samples = run.get("samples", [])
    aot = run.get("aot_ready", {})
    cache = f"{aot.get('shared_mb', 0)} / {aot.get('written_mb', 0)}" if aot else ""
    if samples:
        sending = [s for s in samples if s["sending"]]
        half = sending[len(sending) // 2:]
        last = samples[-1]
        traffic = f"{last['produced']:,} / {last['committed']:,}"
        lag = f"{max((s['lag'] for s in half), default=0):,} / {last['lag']:,}"
        anon = max(s.get("anon_mb", 0) for s in samples)
    else:
        traffic = lag = anon = ""
    out.append(f"| {limit} | {launcher_flags(limit)} | {run.get('startup_s', '')} | {cache} | {anon} | "
               f"{run.get('peak_mb', '')} | {run.get('failcnt', '')} | {traffic} | {lag} | {why} | {' '.join(load)} |")
    if limit == "128m":  # the issues' goal; the larger limits only say how far the service is from it
        verdict = shorter(single(lived), run.get("seconds", 0), 600) if "died" not in run else MISSED
        judged.append(Goal("lives in a 128 MiB memory cgroup for 10 minutes of events, lag bounded", why, verdict,
                           "" if run.get("seconds", 0) >= 600 else f"ran {run.get('seconds')} s of 600"))
out.append("")
lived_limits = [limit for limit in limits if limit in runs and outcome(runs[limit])[0]]
out.append(f"The smallest of these limits it lived in for {seconds} s: **{lived_limits[0]}**." if lived_limits
           else f"It lived in none of these limits for {seconds} s.")
out.append("")
out += table(judged, heading="## Goals",
             intro="The issues name 128 MiB; the larger limits are measurements that say how far the service is from it.")
print("\n".join(out))
