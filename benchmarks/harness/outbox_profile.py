"""Where the user service's CPU goes per POST /users, from Flight Recorder's CPU-time samples.

Reads one recording per variant (jdk.CPUTimeSample, JDK 25: each sample stands for the same CPU time
on any thread, in Java or in a system call) and the service's measured CPU per request, and prints a
Markdown table: for each part of the work, its share of the samples times the CPU per request, in µs.
Parts are told apart by thread and by the frames on the stack; a sample counts once, in the first
part that matches it.

    python3 outbox_profile.py HEADER none=NONE.jfr:CPU_US outbox=OUTBOX.jfr:CPU_US
"""
import collections
import json
import subprocess
import sys

# (part, test on the thread's name and the stack's frames joined with spaces); the first match wins.
PARTS = [
    ("outbox publish: the event's JSON", lambda t, s: "Outbox.publish" in s and "Codec.write" in s),
    ("log outbox: measuring the slot's retained WAL", lambda t, s: "RetainedWal" in s or "LogOutbox.measure" in s),
    ("log outbox publish: pg_logical_emit_message (statement, driver)",
     lambda t, s: "JdbcLogOutbox.publish" in s or "ReactiveLogOutbox.publish" in s),
    ("outbox publish: the row's INSERT (statement, driver, database)",
     lambda t, s: "JdbcOutbox.publish" in s or "ReactiveOutbox.publish" in s),
    ("relay: marking sent", lambda t, s: "OutboxRelay" in s and ".markSent" in s),
    ("relay: reading pending events", lambda t, s: "OutboxRelay" in s and ".pending" in s),
    ("relay: lease, count, purge", lambda t, s: "OutboxRelay" in s and any(
        f".{m}" in s for m in ("lease", "backlog", "purge", "release"))),
    ("log relay: reading the slot and confirming (PgJDBC's replication stream)",
     lambda t, s: "ReplicationSession" in s or "LogOutboxStore" in s),
    ("relay: handing events to the producer", lambda t, s: "OutboxRelay" in s),
    ("Kafka producer's network thread", lambda t, s: t.startswith("kafka-producer-network-thread")),
    ("outbox LISTEN connection", lambda t, s: "OutboxNotifications" in s or "OutboxListener" in s),
    ("H2 background page writes", lambda t, s: t.startswith("H2-") or "MVStore" in t),
    ("the user's INSERT (H2)", lambda t, s: "JdbcUserDao" in s and "Insert.update" in s),
    ("commit and transaction start (H2)", lambda t, s: "JdbcUserDao" in s and (
        "commit" in s.lower() or "setAutoCommit" in s)),
    ("the rest of the user's statements (Jdbi, pool)", lambda t, s: "JdbcUserDao" in s),
    ("event loop: socket writes (HTTP and PostgreSQL)", lambda t, s: t.startswith("vert.x-eventloop") and (
        s.startswith("io.netty.channel.unix.Socket.sendAddress") or s.startswith("io.netty.channel.unix.Socket.writev"))),
    ("event loop: socket reads", lambda t, s: t.startswith("vert.x-eventloop") and (
        s.startswith("io.netty.channel.unix.Socket.recvAddress") or s.startswith("io.netty.channel.unix.Socket.readAddress"))),
    ("event loop: waiting in epoll", lambda t, s: t.startswith("vert.x-eventloop") and "epollWait" in s.split(" ")[0]),
    ("event loop: PostgreSQL client", lambda t, s: t.startswith("vert.x-eventloop") and (
        "io.vertx.pgclient" in s or "io.vertx.sqlclient" in s)),
    ("event loop: HTTP, routing, JSON, the resource", lambda t, s: t.startswith("vert.x-eventloop")),
    ("virtual threads of the resource", lambda t, s: t.startswith("jzenith-rest")),
    ("carrier threads (scheduling virtual threads)", lambda t, s: t.startswith("ForkJoinPool")),
]
OTHER = "everything else (JVM, JFR, metrics)"


def samples(recording):
    out = subprocess.run(
        ["jfr", "print", "--json", "--events", "jdk.CPUTimeSample", "--stack-depth", "192", recording],
        capture_output=True, text=True, check=True).stdout
    for event in json.loads(out)["recording"]["events"]:
        values = event["values"]
        thread = values.get("eventThread") or {}
        name = thread.get("javaName") or thread.get("osName") or "?"
        frames = (values.get("stackTrace") or {}).get("frames") or []
        yield name, " ".join(f["method"]["type"]["name"].replace("/", ".") + "." + f["method"]["name"] for f in frames)


def parts(recording, cpu_us):
    counts = collections.Counter()
    total = 0
    for thread, stack in samples(recording):
        total += 1
        counts[next((part for part, test in PARTS if test(thread, stack)), OTHER)] += 1
    return {part: cpu_us * count / total for part, count in counts.items()}, total


def main():
    header = sys.argv[1]
    runs = []
    for argument in sys.argv[2:]:
        variant, spec = argument.split("=", 1)
        recording, cpu_us = spec.rsplit(":", 1)
        runs.append((variant, float(cpu_us), *parts(recording, float(cpu_us))))
    print(header + "\n")
    print("| part of the work | " + " | ".join(f"{v} µs/request" for v, *_ in runs) + " | difference |")
    print("| --- | " + " | ".join("---:" for _ in runs) + " | ---: |")
    order = [part for part, _ in PARTS] + [OTHER]
    for part in order:
        values = [shares.get(part, 0.0) for _, _, shares, _ in runs]
        if max(values) < 0.5:
            continue
        print(f"| {part} | " + " | ".join(f"{v:.1f}" for v in values) + f" | {values[-1] - values[0]:+.1f} |")
    totals = [cpu for _, cpu, _, _ in runs]
    print("| **all (measured CPU per request)** | " + " | ".join(f"**{t:.0f}**" for t in totals)
          + f" | **{totals[-1] - totals[0]:+.0f}** |")
    print("\nSamples: " + ", ".join(f"{v} {n}" for v, _, _, n in runs) + ".")


if __name__ == "__main__":
    main()
