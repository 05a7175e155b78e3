#!/usr/bin/env python3
"""Writes OUTBOX.md or OUTBOX-POSTGRESQL.md from benchmarks/outbox.sh's results (to stdout).

    outbox_report.py RESULTS_DIR     with STORE, STARTED, ROUNDS, DURATION and WARMUP in the environment

RESULTS_DIR holds runs.jsonl (the rounds: requests/s and CPU per request of each variant), on H2
latency.json (commit-to-consume), on PostgreSQL paced.jsonl (each variant of the paced phase at 1,000
events/s: CPU per event, commit-to-broker latency). On PostgreSQL, issue 36's goals for the log outbox
are judged per round through goals.py.
"""
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from goals import Goal, at_least, at_most, below, rounds_text, table  # noqa: E402

RATE = 1000
# A paced round counts for a goal "at 1,000 events/s" when its events reached at least this rate.
MIN_RATE = 950

results = sys.argv[1]
runs = [json.loads(line) for line in open(os.path.join(results, "runs.jsonl")) if line.strip()]
paced_file = os.path.join(results, "paced.jsonl")
paced = [json.loads(line) for line in open(paced_file) if line.strip()] if os.path.exists(paced_file) else []
store = os.environ["STORE"]
out = []


def values(variant, key, rows=None):
    return [run[key] for run in (runs if rows is None else rows) if run["variant"] == variant and key in run]


def median(variant, key, rows=None):
    return statistics.median(values(variant, key, rows))


def total(run):
    return run.get("cpu_us", 0) + run.get("db_cpu_us", 0) + run.get("relay_cpu_us", 0)


base = median("none", "rps")
where = ("its embedded H2" if store == "h2" else
         "the reactive PostgreSQL plugin with a fresh database per run on a PostgreSQL cluster of the run's own"
         " (wal_level=logical, on CPU 1)")
prefix = "" if store == "h2" else f"OUTBOX_STORE={store} "
out.append("# What the outbox costs POST /users\n")
out.append(f"`{prefix}BENCH_PORTS=22000-22999 benchmarks/outbox.sh {os.environ['ROUNDS']} {os.environ['DURATION']}`,"
           f" started {os.environ['STARTED']}: the user service on {where} (CPU 0), wrk with 16 connections and the"
           f" Kafka broker on CPU 1, the variants interleaved, {os.environ['WARMUP']} s of warm-up, medians of the rounds."
           " CPU per request is the service's own (user + system) over the measured seconds, divided by the requests"
           " answered.\n")
with_cpu = all("cpu_us" in run for run in runs)
cpu_base = median("none", "cpu_us") if with_cpu else None
with_db = all("db_cpu_us" in run for run in runs)
with_relay = any("relay_cpu_us" in run for run in runs)
if with_db:
    out.append("PostgreSQL CPU is the run's own cluster's (every server process, and the backends that ended) over"
               " the same seconds, divided by the same requests: the database's share of the cost, which H2 keeps"
               " inside the service. `log` is `user.events=outbox` with `outbox.mode=log`: no outbox row, the event"
               " written with `pg_logical_emit_message` and relayed from a logical replication slot (its walsender's"
               " CPU counts as PostgreSQL's, the relay's as the service's).\n")
if with_relay:
    out.append("`debezium` is the anchor: the service writes a row of Debezium's outbox table `outboxevent` in the"
               " user's transaction (`user.events=debezium`) and runs no relay; Debezium's embedded engine (3.6.1.Final,"
               " `benchmarks/apps/debezium`, its PostgreSQL connector with `pgoutput` and its outbox event router,"
               " Debezium's default settings, among them `poll.interval.ms` "
               + (f"{os.environ['DEBEZIUM_POLL_MS']} ms (`DEBEZIUM_POLL_MS`)" if os.environ.get("DEBEZIUM_POLL_MS")
                  else "500 ms, how long its connector waits for new change events before it processes a batch")
               + ") reads the inserts from a slot of its own and sends them to the same"
               " broker, in a JVM of its own on CPU 0 beside the service. Its CPU is the relay CPU column; the total"
               " is the service's, PostgreSQL's and the relay process's.\n")
db_header = " PostgreSQL CPU µs/request | vs none |" if with_db else ""
relay_header = " relay process CPU µs/request | total CPU µs/request |" if with_relay else ""
out.append("| user.events | requests/s | lowest..highest run | vs none | CPU µs/request | vs none |" + db_header
           + relay_header + " p50 ms | p99 ms | non-2xx |")
out.append("| --- | ---: | ---: | ---: | ---: | ---: |" + (" ---: | ---: |" if with_db else "")
           + (" ---: | ---: |" if with_relay else "") + " ---: | ---: | ---: |")
spread = 0.0
cpu_spread = 0.0
for variant in [v for v in ("none", "outbox", "log", "kafka", "debezium") if values(v, "rps")]:
    rps = median(variant, "rps")
    low, high = min(values(variant, "rps")), max(values(variant, "rps"))
    spread = max(spread, high / low)
    if with_cpu:
        cpu_spread = max(cpu_spread, max(values(variant, "cpu_us")) / min(values(variant, "cpu_us")))
    errors = sum(values(variant, "errors"))
    cpu = f"{median(variant, 'cpu_us'):.0f} | {median(variant, 'cpu_us') / cpu_base:.2f}x" if with_cpu else " | "
    if with_db:
        db = median(variant, "db_cpu_us")
        cpu += f" | {db:.0f} | {db / median('none', 'db_cpu_us'):.2f}x"
    if with_relay:
        relay = values(variant, "relay_cpu_us")
        cpu += f" | {statistics.median(relay):.0f}" if relay else " | "
        cpu += f" | {statistics.median(total(r) for r in runs if r['variant'] == variant):.0f}"
    out.append(f"| {variant} | {rps:.0f} | {low:.0f}..{high:.0f} | {rps / base:.2f}x | {cpu} |"
               f" {median(variant, 'p50_ms'):.2f} | {median(variant, 'p99_ms'):.2f} | {errors} |")

if paced:
    out.append("\n## At 1,000 events/s: CPU per event and commit-to-broker latency\n")
    out.append(f"Each variant again, on a fresh database: the same warm-up with wrk, then an open loop of {RATE:,}"
               " `POST /users` per second over 32 kept-alive connections (`benchmarks/harness/PacedPosts.java`, on CPU"
               " 1; each request is one user and one event; 5 s to start), then the measured seconds. CPU per event: the CPU time over those seconds divided by the"
               " events published in them (requests answered 201). Commit-to-broker: for each of those events, the"
               " broker's append time of its first record (the topic has `message.timestamp.type=LogAppendTime`)"
               " less the event's `occurredAt`, which the service sets just before the user's transaction commits;"
               " one clock, millisecond resolution (`apps/debezium/.../BrokerLatency.java`).\n")
    out.append("| round | variant | events/s | at the broker | service CPU µs/event | PostgreSQL CPU µs/event |"
               " relay process CPU µs/event | total CPU µs/event | p50 ms | p99 ms | max ms |")
    out.append("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for run in paced:
        relay = f"{run['relay_cpu_us']:.0f}" if "relay_cpu_us" in run else ""
        latency = " | ".join("" if run.get(key) is None else f"{run[key]:.0f}" for key in ("p50_ms", "p99_ms", "max_ms"))
        out.append(f"| {run['round']} | {run['variant']} | {run['rate']:.0f} | {run['at_broker']} of {run['published']} |"
                   f" {run['cpu_us']:.0f} | {run['db_cpu_us']:.0f} | {relay} | {total(run):.0f} | {latency} |")

rounds = sorted({run["round"] for run in runs})


def ratio(variant, key, round_):
    """`variant`'s figure over no event's in one round; None where either did not run."""
    mine = [r for r in runs if r["round"] == round_ and r["variant"] == variant]
    none = [r for r in runs if r["round"] == round_ and r["variant"] == "none"]
    return mine[0][key] / none[0][key] if mine and none and key in mine[0] and key in none[0] else None


# The outbox's first goal (docs/messaging.md): turning events on costs at most 15% of the throughput.
table_goal = None
if values("outbox", "rps") and values("none", "rps"):
    per_round = [ratio("outbox", "rps", r) for r in rounds]
    table_goal = Goal("table outbox: requests/s at least 0.85× no event's (at most 15% of the throughput)",
                      f"{median('outbox', 'rps') / median('none', 'rps'):.2f}× (medians)",
                      at_least(0.85, per_round), "rounds " + rounds_text(per_round))
if store == "h2" and table_goal:
    out.append("")
    out += table([table_goal], heading="## Goals",
                 intro="Against no event, each round's outbox run against its none run.")

if store != "h2" and values("log", "rps") and with_cpu and with_db:
    goals = [table_goal] if table_goal else []
    for key, goal, target, judge in (("cpu_us", "service CPU per request at most 1.15× no event's", 1.15, at_most),
                                     ("db_cpu_us", "PostgreSQL CPU per request at most 1.3× no event's", 1.3, at_most),
                                     ("rps", "requests/s at least 0.85× no event's", 0.85, at_least)):
        per_round = [ratio("log", key, r) for r in rounds]
        measured = median("log", key) / median("none", key)
        goals.append(Goal(f"log outbox: {goal}", f"{measured:.2f}× (medians)", judge(target, per_round),
                          "rounds " + rounds_text(per_round)))

    def paced_of(variant):
        return {run["round"]: run for run in paced if run["variant"] == variant}

    def at_rate(run):
        return run is not None and run["rate"] >= MIN_RATE and run.get("p99_ms") is not None

    for variant, name in (("log", "log outbox"), ("debezium", "Debezium embedded (the anchor)")):
        by_round = paced_of(variant)
        if not by_round:
            goals.append(Goal(f"{name}: commit-to-broker p99 at most 50 ms at 1,000 events/s", "not run",
                              "inconclusive", f"{variant} not in PACED_VARIANTS"))
            continue
        p99s = [by_round[r]["p99_ms"] if at_rate(by_round.get(r)) else None for r in sorted(by_round)]
        short = [str(r) for r in sorted(by_round) if not at_rate(by_round[r])]
        measured = [p for p in p99s if p is not None]
        note = "rounds " + rounds_text(p99s, "{:.0f} ms")
        if short:
            note += f"; rounds {', '.join(short)} below {MIN_RATE} events/s or without latency, not judged"
        goals.append(Goal(f"{name}: commit-to-broker p99 at most 50 ms at 1,000 events/s",
                          f"{statistics.median(measured):.0f} ms (median)" if measured else "not measured",
                          at_most(50, p99s), note))
    log_paced, dbz_paced = paced_of("log"), paced_of("debezium")
    both = sorted(set(log_paced) & set(dbz_paced))
    if both:
        ratios = [total(log_paced[r]) / total(dbz_paced[r])
                  if at_rate(log_paced[r]) and at_rate(dbz_paced[r]) else None for r in both]
        goals.append(Goal("log outbox: less total CPU per event (service + PostgreSQL + relay process) than Debezium"
                          " embedded at 1,000 events/s",
                          f"{statistics.median(total(log_paced[r]) for r in both):.0f} against"
                          f" {statistics.median(total(dbz_paced[r]) for r in both):.0f} µs/event (medians)",
                          below(1.0, ratios), "log/Debezium per round " + rounds_text(ratios)))
    else:
        goals.append(Goal("log outbox: less total CPU per event than Debezium embedded at 1,000 events/s",
                          "not measured", "inconclusive", "the paced phase did not run both log and debezium"))
    out.append("")
    out += table(goals, heading="## Goals: the table outbox, and issue 36's for the log outbox",
                 intro="Against no event (the rounds above, each round's outbox or log run against its none run) and"
                       " against Debezium embedded (the paced phase, each round's runs).")
if spread > 1.3 and with_cpu and cpu_spread <= 1.3:
    out.append(f"\nRequests/s of one variant differ up to {spread:.1f}x between runs (the machine is shared), but"
               f" CPU per request at most {cpu_spread:.2f}x: read the cost from the CPU column.")
elif spread > 1.3:
    out.append(f"\n**Inconclusive:** runs of one variant differ up to {spread:.1f}x, more than the effect to"
               " measure (the goal is at most 15% for the outbox); the machine was not quiet. Run it again on an idle"
               " machine before reading the ratios.")
out.append("\nEach run:\n")
out.append("| round | user.events | requests/s | CPU µs/request |" + (" PostgreSQL CPU µs/request |" if with_db else "")
           + (" relay process CPU µs/request |" if with_relay else "") + " p50 ms | p99 ms |")
out.append("| ---: | --- | ---: | ---: |" + (" ---: |" if with_db else "") + (" ---: |" if with_relay else "")
           + " ---: | ---: |")
for run in runs:
    cpu = f"{run['cpu_us']:.0f}" if "cpu_us" in run else ""
    if with_db:
        cpu += f" | {run['db_cpu_us']:.0f}"
    if with_relay:
        cpu += f" | {run['relay_cpu_us']:.0f}" if "relay_cpu_us" in run else " | "
    out.append(f"| {run['round']} | {run['variant']} | {run['rps']:.0f} | {cpu} | {run['p50_ms']:.2f} |"
               f" {run['p99_ms']:.2f} |")
latency_file = os.path.join(results, "latency.json")
if store == "h2" and os.path.exists(latency_file):
    phases = json.load(open(latency_file))
    out.append("\n## Commit-to-consume latency\n")
    out.append("From each outbox row's `created_at` (written by `publish` in the user's transaction, just before its"
               " commit) to the audit service's inbox row's `received_at` (written in the transaction that applies the"
               " event), both epoch milliseconds of one clock: the user service with `user.events=outbox` on CPU 0, the"
               " audit service, wrk and the broker on CPU 1, one run after the rounds above, its phases one after the"
               " other, each paced below what the audit service keeps up with (a backlog would measure the consumer's"
               " throughput instead). Millisecond resolution.\n")
    out.append("| load (wrk, paced) | events/s | events published | consumed | p50 ms | p99 ms | max ms |")
    out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for phase in phases:
        out.append(f"| {phase['phase']} | {phase['rate']:.0f} | {phase['published']} | {phase['consumed']} |"
                   f" {phase['p50_ms']:.0f} | {phase['p99_ms']:.0f} | {phase['max_ms']:.0f} |")
print("\n".join(out))
