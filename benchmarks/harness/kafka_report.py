#!/usr/bin/env python3
"""Writes benchmarks/KAFKA.md from kafka.sh's results: kafka_report.py RUNS.jsonl CGROUP.json COMMAND STARTED."""
import json
import os
import statistics
import subprocess
import sys

from goals import MISSED, Goal, at_least, rounds_text, shorter, single, table
import page_cache

runs_file, cgroup_file, command, started = sys.argv[1:5]
runs = [json.loads(line) for line in open(runs_file) if line.strip()]
# kafka.sh with CGROUP_SECONDS 0 leaves the cgroup part out (and its file away)
cgroup = json.load(open(cgroup_file)) if os.path.exists(cgroup_file) else None
modes = {r["mode"] for r in runs}


def median(mode, variant, key):
    return statistics.median(r[key] for r in runs if r["mode"] == mode and r["variant"] == variant)


def round_ratios(mode):
    """jzenith's records/s over bare's of each round: the variants alternate within a round."""
    by_round = {}
    for r in runs:
        if r["mode"] == mode:
            by_round.setdefault(r["round"], {})[r["variant"]] = r["records_per_s"]
    return [v["jzenith"] / v["bare"] for _, v in sorted(by_round.items()) if "jzenith" in v and "bare" in v]


def values(mode, variant, key):
    return ", ".join(f"{r[key]:,.0f}" if key == "records_per_s" else f"{r[key]:.1f}"
                     for r in runs if r["mode"] == mode and r["variant"] == variant)


java = subprocess.run([os.path.join(os.environ.get("JAVA_HOME", "/usr"), "bin", "java"), "-version"],
                      capture_output=True, text=True).stderr.splitlines()[0]
cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
rounds = max(r["round"] for r in runs)
out = []
out.append("## Kafka: jzenith-kafka against the bare client\n")
out.append(f"Written by `{command.strip()}` on {started}. "
           "Do not edit by hand: run it again.\n")
out.append(f"- Machine: {os.cpu_count()} CPUs ({cpu}); {java}. The machine is shared, and this script does not "
           "record its load (say in the commit what else ran); nothing is pinned: the broker, the producer and the "
           "consumer share its 2 CPUs. Single runs swing; the figures are medians of interleaved rounds.")
warmups = sorted({r.get("warmup", 1) for r in runs})
warmup_text = " or ".join(f"{w:,}" for w in warmups)
out.append("- Broker: Apache Kafka 4.2.0 (`kafka.Kafka`, one KRaft node, `-Xmx512m`) started by the script, topics of 3 "
           "partitions, replication 1. Each run: a fresh JVM (`-Xmx512m`), a new topic and consumer group, "
           f"{warmup_text} warm-up record{'' if warmups == [1] else 's'} sent the same way as fast as the producer "
           "takes them and awaited first, uncounted (the consumer has joined, and the JIT's first compilations are "
           "behind it; on 2 CPUs its compiler threads still work through the measurement, whose share the JIT line "
           "below gives), then the measured records.")
if modes & {"throughput", "latency"}:
    out.append("- Consumer (`throughput`, `latency`). `jzenith`: `KafkaPlugin.withConsumers(Sink.class).withEmitter(...)`, "
               "an `@Incoming` method taking the `String` and doing nothing, the plugin's defaults (`max-in-flight` 10,000, "
               "concurrency 16). `bare`: `KafkaProducer` (`acks=all`, idempotent) and one `KafkaConsumer` poll loop that "
               "handles the records and commits each poll's offsets with `commitAsync`. Both send at most 20,000 records "
               "unacknowledged. End-to-end latency is send → consumed → commit acknowledged by the broker, measured alike "
               "for both by a `ConsumerInterceptor` (`apps/kafka/.../CommitLatency.java`, `onCommit`).")
if modes & {"processor", "processor-latency"}:
    out.append("- Processor (`processor`, `processor-latency`: consume, transform, produce; `apps/kafka/.../ProcessorBench.java`). "
               "The same for both: a `KafkaProducer` in the bench JVM (`acks=all`, idempotent, at most 20,000 records "
               "unacknowledged) sends to an input topic, and a consumer of its own in the bench JVM (no group) watches the "
               "output topic. `jzenith`: `KafkaPlugin.withConsumers(Upper.class)`, an `@Incoming(\"in\") @Outgoing(\"out\")` "
               "method returning the value in capitals, the plugin's defaults. `bare`: one `KafkaConsumer` poll loop that "
               "sends each record in capitals with a `KafkaProducer` (`acks=all`, idempotent) and commits a poll's offsets "
               "with `commitAsync` once the broker acknowledged all of its sends, polling on meanwhile (at least once, as "
               "jZenith). Records/s counts from the first send to the last record's arrival on the output topic; latency "
               "is send → arrival there; a record that arrives twice counts once.")
out.append(f"- {rounds} rounds; the order of the variants alternates each round.\n")
out.append("| mode | variant | median records/s | against bare | rounds (records/s) | p50 ms | p99 ms | rounds (p99 ms) |")
out.append("| --- | --- | ---: | ---: | --- | ---: | ---: | --- |")
for mode in ("throughput", "latency", "processor", "processor-latency"):
    if mode not in modes:
        continue
    bare = median(mode, "bare", "records_per_s")
    for variant in ("bare", "jzenith"):
        rps = median(mode, variant, "records_per_s")
        out.append(f"| {mode} | {variant} | {rps:,.0f} | {rps / bare:.2f} | {values(mode, variant, 'records_per_s')} | "
                   f"{median(mode, variant, 'p50_ms'):.1f} | {median(mode, variant, 'p99_ms'):.1f} | "
                   f"{values(mode, variant, 'p99_ms')} |")


def records_of(mode):
    return next(r["records"] for r in runs if r["mode"] == mode)


notes = []
if "throughput" in modes:
    notes.append(f"`throughput`: {records_of('throughput'):,} records as fast as the producer goes (latency then includes "
                 "the backlog).")
if "latency" in modes:
    notes.append("`latency`: 20,000 records at 2,000 records/s.")
if "processor" in modes:
    notes.append(f"`processor`: {records_of('processor'):,} records as fast as the producer goes (latency then includes "
                 "the backlog).")
if "processor-latency" in modes:
    notes.append("`processor-latency`: 20,000 records at 2,000 records/s; where a variant cannot keep that rate its "
                 "latency is the backlog's.")
jit_modes = [m for m in ("throughput", "processor") if m in modes
             and all("jit_ms" in r for r in runs if r["mode"] == m)]
if jit_modes:
    notes.append("The JIT's compile time during the measured part of each run (all compiler threads, ms; medians), "
                 "which shares the 2 CPUs with the run: " + "; ".join(
                     f"`{m}` bare {median(m, 'bare', 'jit_ms'):,.0f}, jzenith {median(m, 'jzenith', 'jit_ms'):,.0f}"
                     for m in jit_modes) + ".")
duplicates = sum(r.get("duplicates", 0) for r in runs)
if modes & {"processor", "processor-latency"}:
    notes.append(f"Records that arrived on the output topic twice, over every processor run: {duplicates:,}.")
out.append("\n" + " ".join(notes) + "\n")
# The variants alternate within each round: judge the goals on each round's own ratio.
judged = []
if "throughput" in modes:
    ratio = median("throughput", "jzenith", "records_per_s") / median("throughput", "bare", "records_per_s")
    ratios = round_ratios("throughput")
    judged.append(Goal("throughput ≥ 0.9× the bare client's", f"{ratio:.2f}× (medians)", at_least(0.9, ratios),
                       f"rounds {rounds_text(ratios)}"))
if "processor" in modes:
    ratio = median("processor", "jzenith", "records_per_s") / median("processor", "bare", "records_per_s")
    ratios = round_ratios("processor")
    judged.append(Goal("processor records/s ≥ 0.9× bare", f"{ratio:.2f}× (medians)", at_least(0.9, ratios),
                       f"rounds {rounds_text(ratios)}"))

out.append("### A consumer service in a 128 MiB memory cgroup\n")
if cgroup is None:
    out.append("Not run this time (`CGROUP_SECONDS` 0).\n")
    judged.append(Goal("lives in a 128 MiB memory cgroup for 10 minutes of events, lag bounded", "not run",
                       single(None), "CGROUP_SECONDS 0"))
else:
    rate = cgroup.get("rate", 0)
    aot = cgroup.get("aot", "auto")
    pace = "as fast as its producer goes" if rate == 0 else f"at {rate:,} events/s"
    length = (f"for {cgroup['seconds']} s" + ("" if cgroup["seconds"] >= 600 else " (shorter than the issue's 10 minutes)"))
    out.append(f"`examples/audit-service` through its launcher (`bin/audit-service`, which sizes the JVM for the cgroup: "
               f"`-Xmx32m` at 128 MiB) with `JZENITH_AOT={aot}`, in a {cgroup['limit']} memory cgroup without swap, embedded "
               f"H2, the broker outside the cgroup; `KafkaBench flood` sends `UserCreated` events {pace} {length}, then "
               "watches the lag for up to 30 s more. Each event is one H2 transaction in the service.\n")
    out.append(page_cache.setup(cgroup) + "\n")
    if aot == "on":
        out.append("Why `JZENITH_AOT=on`: in its default (`auto`) the launcher leaves the AOT cache out below 192 MiB, and "
                   "this service then keeps the metadata of all its classes in anonymous memory beside the 32 MiB heap; the "
                   "cgroup's OOM killer ended it within seconds of the load. With the cache the classes come from its file "
                   "pages. Kafka's own buffers are inside the heap (fetches, the producer's buffer and the records in flight "
                   "are sized from it). docs/messaging.md (Memory) has the native memory measurement and its command.\n")
    if "died" in cgroup:
        out.append(f"The service did not start: {cgroup['died']}.\n")
    else:
        samples = cgroup["samples"]
        sending = [s for s in samples if s["sending"]]
        last = samples[-1]
        survived = cgroup.get("survived")
        out.append(f"- Survived: **{'yes' if survived else 'no'}**; OOM kills {cgroup.get('oom_kills')}, failcnt "
                   f"{cgroup.get('failcnt')}, the cgroup's peak {cgroup.get('peak_mb')} MB; ready after "
                   f"{cgroup.get('startup_s')} s with RSS {cgroup.get('rss_ready_mb')} MB.")
        produced = last["produced"]
        committed = last["committed"]
        flood_s = len(sending) + 1
        out.append(f"- Sent {produced:,} events in {flood_s} s ({produced / flood_s:,.0f}/s); the service committed "
                   f"{committed:,} by the end ({len(samples)} s).")
        after = [x for x in samples if not x["sending"]]
        if len(after) >= 2 and after[-1]["t"] > after[0]["t"] and after[0]["lag"] > 1000:
            out.append(f"- After the flood the service committed {(after[-1]['committed'] - after[0]['committed']) / (after[-1]['t'] - after[0]['t']):,.0f} "
                       "events/s (what it does with a backlog).")
        out.append(f"- RSS during the flood: max {max(x['rss_mb'] for x in samples)} MB (VmRSS counts the shared, file-backed "
                   f"pages of the JDK and the AOT cache{page_cache.rss_charge(cgroup)}); the cgroup's usage max "
                   f"{max(x['cgroup_mb'] for x in samples)} MB (page cache included), of it anonymous memory max "
                   f"{max(x.get('anon_mb', 0) for x in samples)} MB.")
        dead = next((x["t"] for x in samples if not x["alive"]), None)
        if dead is not None:
            out.append(f"- **The service was gone by second {dead} of the flood** (the cgroup's OOM killer: "
                       f"{cgroup.get('oom_kills')} kill), having committed {committed:,} events; its RSS and the cgroup's "
                       "usage read 0 from then on. The lag below is the backlog left behind.")
        half = sending[len(sending) // 2:] if sending else []
        out.append(f"- Lag: max {max(x['lag'] for x in samples):,}; during the second half of the flood max "
                   f"{max((x['lag'] for x in half), default=0):,}; at the end {last['lag']:,}. "
                   + ("The lag came back to 0: bounded." if last["lag"] == 0 else
                      "The lag did not come back to 0 within 30 s of the flood's end: not bounded on this run."))
        out.append("\n| s | sending | sent | committed | lag | RSS MB | cgroup MB | anonymous MB |")
        out.append("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        step = max(1, len(samples) // 20)
        for s in samples[::step] + ([last] if samples[::step][-1] is not last else []):
            out.append(f"| {s['t']} | {'yes' if s['sending'] else 'no'} | {s['produced']:,} | {s['committed']:,} | "
                       f"{s['lag']:,} | {s['rss_mb']} | {s['cgroup_mb']} | {s.get('anon_mb', '')} |")
    if "died" in cgroup:
        judged.append(Goal(f"lives in a {cgroup['limit']} memory cgroup for 10 minutes of events", "did not start",
                           MISSED, cgroup["died"]))
    else:
        alive = cgroup.get("survived") and last["lag"] == 0
        judged.append(Goal(f"lives in a {cgroup['limit']} memory cgroup for 10 minutes of events, lag bounded",
                           f"{'survived' if cgroup.get('survived') else 'killed'} {cgroup['seconds']} s, lag at the end {last['lag']:,}",
                           shorter(single(alive), cgroup["seconds"], 600),
                           "" if cgroup["seconds"] >= 600 else f"ran {cgroup['seconds']} s of the 600 s the goal names"))
out.append("")
out += table(judged, heading="### Goals")
print("\n".join(out))
