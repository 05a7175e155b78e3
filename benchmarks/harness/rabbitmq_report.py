#!/usr/bin/env python3
"""Writes benchmarks/RABBITMQ.md from rabbitmq.sh's results:

    rabbitmq_report.py RUNS.jsonl CGROUP.json BROKER.json COMMAND STARTED
"""
import json
import os
import statistics
import subprocess
import sys

from goals import INCONCLUSIVE, MISSED, Goal, at_least, at_most, rounds_text, shorter, single, table
import page_cache

runs_file, cgroup_file, broker_file, command, started = sys.argv[1:6]
runs = [json.loads(line) for line in open(runs_file) if line.strip()]
cgroup = json.load(open(cgroup_file)) if os.path.exists(cgroup_file) else {"skipped": "no cgroup results"}
broker = json.load(open(broker_file))


def median(mode, variant, key):
    return statistics.median(r[key] for r in runs if r["mode"] == mode and r["variant"] == variant)


def values(mode, variant, key):
    return ", ".join(f"{r[key]:,.0f}" if key == "messages_per_s" else f"{r[key]:.1f}"
                     for r in runs if r["mode"] == mode and r["variant"] == variant)


def by_round(mode, key):
    """Each round's {variant: figure} for one mode, in round order."""
    rounds = {}
    for r in runs:
        if r["mode"] == mode:
            rounds.setdefault(r["round"], {})[r["variant"]] = r[key]
    return [v for _, v in sorted(rounds.items()) if "jzenith" in v and "bare" in v]


java = subprocess.run([os.path.join(os.environ.get("JAVA_HOME", "/usr"), "bin", "java"), "-version"],
                      capture_output=True, text=True).stderr.splitlines()[0]
cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
memory = next((int(line.split()[1]) // 1024 for line in open("/proc/meminfo") if line.startswith("MemTotal:")), 0)
rounds = max(r["round"] for r in runs)
loads = [r[k] for r in runs for k in ("load_before", "load_after")]
loads += [s["load"] for s in cgroup.get("samples", []) if "load" in s]
where = (f"the machine's RabbitMQ at {broker['address']} (guest/guest), shared with whatever else used it meanwhile"
         if broker["broker"] == "machine" else
         f"a private node the script started from the machine's `rabbitmq-server` at {broker['address']} "
         "(`RabbitBench broker`: jzenith-rabbitmq-server's `RabbitMqNode`, its own node name, data in a temporary folder)")
latency_rate = next(r["rate"] for r in runs if r["mode"] == "latency")
latency_messages = next(r["messages"] for r in runs if r["mode"] == "latency")
messages = next(r["messages"] for r in runs if r["mode"] == "throughput")

out = []
out.append("## RabbitMQ: jzenith-rabbitmq against the bare client\n")
out.append(f"Written by `{command.strip()}` on {started}. Do not edit by hand: run it again.\n")
out.append(f"- Machine: {os.cpu_count()} CPUs ({cpu}), {memory:,} MiB; {java}. Nothing is pinned: the broker, the "
           "producer and the consumer share the CPUs. Load average (1 minute) of the machine during the run: "
           f"{min(loads):.1f}-{max(loads):.1f}, read before and after each run and each second of the cgroup run "
           "(a run itself adds about 2). Single runs swing; the figures are medians of interleaved rounds.")
warmups = sorted({r.get("warmup", 1) for r in runs})
warmup_text = " or ".join(f"{w:,}" for w in warmups)
out.append(f"- Broker: {broker['product']} {broker['version']} on {broker['platform']}: {where}. Each run: a fresh JVM "
           "(`-Xmx512m`), a new, uniquely named durable topic exchange and durable quorum queue bound with `#` "
           "(jZenith's defaults; its channel adds its dead letters' exchange and queue), all deleted at the end; "
           f"{warmup_text} warm-up message{'' if warmups == [1] else 's'} sent as fast as confirms allow and acked "
           "first, uncounted (the consumer runs, and the JIT has compiled the path a measurement of seconds would "
           "otherwise spend compiling), then the measured messages.")
out.append("- `jzenith`: `RabbitMqPlugin.withConsumers(Sink.class).withEmitter(...)`, an `@Incoming` method taking the "
           "`String` and doing nothing, the plugin's defaults (prefetch 100, quorum queue, persistent `mandatory` "
           "sends with publisher confirms, two connections; deliveries done in order go out as one `basic.ack` "
           "with `multiple`, held at most a quarter of the prefetch or 20 ms, so its acks a message are below 1). `bare`: `amqp-client` as its guide has it, on the same "
           "topology: a publisher with confirms (`ConfirmListener`) publishing persistent and `mandatory` on a "
           "connection of its own, and a `DefaultConsumer` on another with `basic.qos` of jZenith's default "
           "prefetch that acks each message (`basicAck`, manual) on the client's dispatch thread. Both send from "
           "one thread, at most 1,000 messages unconfirmed.")
out.append("- End-to-end latency is send → consumed → acked, measured alike for both inside the client: the benchmark "
           "jar is its own Java agent (`apps/rabbitmq/.../AckHook.java`) and makes the client's `basicAck` note the "
           "moment the `basic.ack` has been sent; the consumers note the send time carried in the body, and the moment "
           "they take the message (*p99 to consumed*: send → consumed, the part before the ack).")
out.append(f"- {rounds} round{'' if rounds == 1 else 's'}; the order of the variants alternates each round.\n")
out.append("| mode | variant | median messages/s | against bare | rounds (messages/s) | p50 ms | p99 ms | rounds (p99 ms) |")
out.append("| --- | --- | ---: | ---: | --- | ---: | ---: | --- |")
for mode in ("throughput", "latency"):
    bare = median(mode, "bare", "messages_per_s")
    for variant in ("bare", "jzenith"):
        rate = median(mode, variant, "messages_per_s")
        out.append(f"| {mode} | {variant} | {rate:,.0f} | {rate / bare:.2f} | {values(mode, variant, 'messages_per_s')} | "
                   f"{median(mode, variant, 'p50_ms'):.1f} | {median(mode, variant, 'p99_ms'):.1f} | "
                   f"{values(mode, variant, 'p99_ms')} |")
out.append(f"\n`throughput`: {messages:,} messages as fast as confirms allow (latency then includes the backlog). "
           f"`latency`: {latency_messages:,} messages at {latency_rate:,} messages/s.\n")
behind = [r for r in runs if r["mode"] == "latency" and r["messages_per_s"] < 0.95 * r["rate"]]
if behind:
    out.append("**Not every latency run kept its rate** (below 95% of it: "
               + ", ".join(f"round {r['round']} {r['variant']} {r['messages_per_s']:,.0f}/s" for r in behind)
               + "): those runs fell behind (the broker's confirms or the consumer), and their latency includes the backlog that grew.\n")

out.append("Each run as measured:\n")
out.append("| round | mode | variant | messages/s | p50 ms | p99 ms | p99 to consumed ms | max ms | acks a message "
           "| load before, after |")
out.append("| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
for r in runs:
    acks = f"{r['acks_per_message']:.2f}" if "acks_per_message" in r else "?"
    consumed = f"{r['consumed_p99_ms']:.1f}" if "consumed_p99_ms" in r else "?"
    out.append(f"| {r['round']} | {r['mode']} | {r['variant']} | {r['messages_per_s']:,.0f} | {r['p50_ms']:.1f} | "
               f"{r['p99_ms']:.1f} | {consumed} | {r['max_ms']:.1f} | {acks} | {r['load_before']:.1f}, {r['load_after']:.1f} |")
out.append("")

# The variants alternate within each round: judge each goal on each round's own figures.
ratios = [v["jzenith"] / v["bare"] for v in by_round("throughput", "messages_per_s")]
ratio = median("throughput", "jzenith", "messages_per_s") / median("throughput", "bare", "messages_per_s")
p99_ratios = [v["jzenith"] / v["bare"] for v in by_round("latency", "p99_ms")]
judged = [Goal("messages/s ≥ 0.9× the bare client's", f"{ratio:.2f}× (medians)", at_least(0.9, ratios),
               f"rounds {rounds_text(ratios)}"),
          # The "at least 0.9x" read for latency: the p99 at most the bare client's divided by 0.9.
          Goal(f"end-to-end p99 ≤ the bare client's ÷ 0.9 (at {latency_rate:,} messages/s)",
               f"{median('latency', 'jzenith', 'p99_ms'):.1f} ms against {median('latency', 'bare', 'p99_ms'):.1f} ms "
               f"(medians, {median('latency', 'jzenith', 'p99_ms') / median('latency', 'bare', 'p99_ms'):.2f}×)",
               at_most(1 / 0.9, p99_ratios),
               f"jzenith/bare p99 by round {rounds_text(p99_ratios)}")]

out.append("### A consumer service in a 128 MiB memory cgroup\n")
goal_text = "lives in a 128 MiB memory cgroup for 10 minutes of events at a fixed rate, queue bounded"
if "skipped" in cgroup:
    out.append(f"Not run: {cgroup['skipped']}.\n")
    judged.append(Goal(goal_text, "not run", INCONCLUSIVE, cgroup["skipped"]))
else:
    rate = cgroup.get("rate", 0)
    aot = cgroup.get("aot", "auto")
    pace = "as fast as confirms allow" if rate == 0 else f"at {rate:,} events/s"
    length = f"for {cgroup['seconds']} s" + ("" if cgroup["seconds"] >= 600 else " (shorter than the issue's 10 minutes)")
    out.append(f"`examples/audit-service` through its launcher (`bin/audit-service`, which sizes the JVM for the cgroup) "
               f"with `JZENITH_AOT={aot}`, in a {cgroup['limit']} memory cgroup without swap, embedded H2, consuming "
               "`users.events` from RabbitMQ (`messaging.channels.\"users.events\".connector=rabbitmq`, the plugin's "
               f"defaults, the run's own exchange and queue `{cgroup.get('queue', '?')}`), the broker outside the "
               f"cgroup; `RabbitBench flood` publishes `UserCreated` events {pace} {length} with confirms, then watches "
               "the queue for up to 30 s more. Each event is one H2 transaction in the service (the `@Idempotent` "
               "inbox and the audit row). The queue's depth is its ready messages from a passive declare on a "
               "connection of the flood's own; up to the prefetch (100) more are delivered and not yet acked.\n")
    out.append(page_cache.setup(cgroup) + "\n")
    if aot == "on":
        out.append("Why `JZENITH_AOT=on`: in its default (`auto`) the launcher leaves the AOT cache out below its "
                   "threshold, and the service then keeps the metadata of all its classes in anonymous memory beside "
                   "its small heap (KAFKA.md's cgroup run, docs/messaging.md, Memory).\n")
    if cgroup.get("cache_training", "build") == "rabbitmq":
        out.append("The AOT cache: trained by this run on a copy of the distribution under the channel's RabbitMQ "
                   "settings (the launcher's `JZENITH_AOT=train`, the build's training requests), as a service "
                   "deployed on RabbitMQ does (docs/deployment.md, Train the cache for what you deploy): the build "
                   "trains the example's cache on Kafka, and the JVM loads every class a cache holds at start, "
                   "Kafka's too.\n")
    elif aot != "off":
        out.append("The AOT cache: the build's, trained on Kafka (its dev profile's broker); the JVM loads every "
                   "class it holds at start, Kafka's too (`RABBITMQ_CGROUP_CACHE=build`; before 2026-11-30 every "
                   "run used it).\n")
    if "died" in cgroup:
        out.append(f"The service did not start: {cgroup['died']}.\n")
        judged.append(Goal(goal_text, "did not start", MISSED, cgroup["died"]))
    else:
        samples = cgroup["samples"]
        if not samples:
            out.append(f"The flood measured nothing: {cgroup.get('flood_failed', 'no samples')}.\n")
            judged.append(Goal(goal_text, "nothing measured", INCONCLUSIVE, cgroup.get("flood_failed", "no samples")))
        else:
            sending = [s for s in samples if s["sending"]]
            last = samples[-1]
            survived = cgroup.get("survived")
            if "flood_failed" in cgroup:
                out.append(f"- **The flood failed**: {cgroup['flood_failed']}.")
            out.append(f"- Survived: **{'yes' if survived else 'no'}**; OOM kills {cgroup.get('oom_kills')}, failcnt "
                       f"{cgroup.get('failcnt')}, the cgroup's peak {cgroup.get('peak_mb')} MB; ready after "
                       f"{cgroup.get('startup_s')} s with RSS {cgroup.get('rss_ready_mb')} MB.")
            flood_s = len(sending) + 1
            out.append(f"- Sent {last['produced']:,} events confirmed in {flood_s} s ({last['produced'] / flood_s:,.0f}/s), "
                       f"{last['failed']:,} refused or returned; the queue held {last['depth']:,} at the end "
                       f"({len(samples)} s), with {last['consumers']} consumer(s).")
            out.append(f"- RSS: max {max(x['rss_mb'] for x in samples)} MB (VmRSS counts the shared, file-backed pages of "
                       f"the JDK and the AOT cache{page_cache.rss_charge(cgroup)}); the cgroup's usage max "
                       f"{max(x['cgroup_mb'] for x in samples)} MB (page cache included), of it anonymous memory max "
                       f"{max(x.get('anon_mb', 0) for x in samples)} MB.")
            dead = next((x["t"] for x in samples if not x["alive"]), None)
            if dead is not None:
                out.append(f"- **The service was gone by second {dead}** ({cgroup.get('oom_kills')} OOM kill(s)); its RSS "
                           "and the cgroup's usage read 0 from then on. The depth below is the backlog left behind.")
            half = sending[len(sending) // 2:] if sending else []
            out.append(f"- Queue depth: max {max(x['depth'] for x in samples):,}; during the second half of the flood "
                       f"max {max((x['depth'] for x in half), default=0):,}; at the end {last['depth']:,}. "
                       + ("The queue came back to empty: bounded." if last["depth"] == 0 else
                          "The queue was not empty within 30 s of the flood's end: not bounded on this run."))
            out.append("\n| s | sending | confirmed | queue depth | consumers | RSS MB | cgroup MB | anonymous MB | load |")
            out.append("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
            step = max(1, len(samples) // 20)
            for s in samples[::step] + ([last] if samples[::step][-1] is not last else []):
                out.append(f"| {s['t']} | {'yes' if s['sending'] else 'no'} | {s['produced']:,} | {s['depth']:,} | "
                           f"{s['consumers']} | {s['rss_mb']} | {s['cgroup_mb']} | {s.get('anon_mb', '')} | "
                           f"{s.get('load', '')} |")
            alive = bool(survived) and last["depth"] == 0 and "flood_failed" not in cgroup
            judged.append(Goal(goal_text,
                               f"{'survived' if survived else 'killed'} {cgroup['seconds']} s at {rate:,}/s, "
                               f"queue at the end {last['depth']:,}",
                               shorter(single(alive), cgroup["seconds"], 600),
                               "" if cgroup["seconds"] >= 600 else f"ran {cgroup['seconds']} s of the 600 s the goal names"))
out.append("")
out += table(judged, heading="### Goals")
print("\n".join(out))
