"""Latency and allocation per endpoint, from a Flight Recorder recording of a jZenith service.

Reads the recording's jzenith.Request events (one per answered request: method, route template,
status, latency, bytes, thread kind, resource method) and its jdk.ObjectAllocationSample events,
and attributes each sample to the resource method its stack passes through. Allocation outside any
resource method (reading and binding the request on the event loop, writing the response, the
server itself) is reported as its own line. Usage: endpoints.py RECORDING SECONDS WRK_OUTPUT
"""
import datetime
import json
import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path


def events(recording, names, depth=64):
    jfr = str(Path(os.environ["JAVA_HOME"]) / "bin" / "jfr")
    out = subprocess.run([jfr, "print", "--json", "--stack-depth", str(depth), "--events", names, recording],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["recording"]["events"]


def nanos(value):
    """A JFR timespan as jfr print --json writes it ("PT0.001234S"), or a number of nanoseconds."""
    if isinstance(value, (int, float)):
        return float(value)
    match = re.fullmatch(r"PT(?:(\d+)M)?(?:([\d.]+)S)?", value)
    minutes, secs = match.group(1), match.group(2)
    return (int(minutes or 0) * 60 + float(secs or 0)) * 1e9


# Who allocated, by the first frame from the top of the stack that is not the JDK's.
LAYERS = [
    ("org.jzenith.examples.", "the service's own code (resources, services, DAOs)"),
    ("org.jzenith.rest.", "jZenith REST (binding, JSON, writing, routing)"),
    ("org.jzenith.", "other jZenith modules"),
    ("org.jdbi.", "Jdbi"), ("com.zaxxer.hikari.", "HikariCP"), ("org.h2.", "H2"),
    ("com.fasterxml.jackson.", "Jackson"),
    ("io.vertx.ext.web.", "Vert.x Web"), ("io.vertx.", "Vert.x core"), ("io.netty.", "Netty"),
    ("io.micrometer.", "Micrometer"), ("io.reactivex.", "RxJava"),
]


def layer(names):
    for name in names:
        for prefix, label in LAYERS:
            if name.startswith(prefix):
                return label
    return "the JDK and others"


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    recording, seconds, wrk_out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    requests = events(recording, "jzenith.Request", 0)
    routes = defaultdict(list)
    resources = {}
    for event in requests:
        values = event["values"]
        key = (values["method"], values["route"])
        routes[key].append(values)
        if values.get("resource"):
            resources[values["resource"]] = key

    weights, unattributed, seen_threads = defaultdict(float), 0.0, set()
    layers = defaultdict(float)
    for event in sorted(events(recording, "jdk.ObjectAllocationSample"), key=lambda e: e["values"]["startTime"]):
        values = event["values"]
        # A platform thread's first sample weighs what it allocated since it started, before the
        # recording too. A virtual thread lives for one request, so all of its weight is that request's.
        thread = values.get("eventThread") or {}
        key = json.dumps(thread, sort_keys=True)
        if not thread.get("virtual") and key not in seen_threads:
            seen_threads.add(key)
            continue
        frames = (values.get("stackTrace") or {}).get("frames") or []
        # JFR names types with slashes (org/jzenith/...), hidden classes with dots.
        names = [f"{f['method']['type']['name'].replace('/', '.')}.{f['method']['name']}" for f in frames]
        layers[layer(names)] += values["weight"]
        owner = next((resources[name] for name in names if name in resources), None)
        if owner is None:
            unattributed += values["weight"]
        else:
            weights[owner] += values["weight"]
    total = sum(weights.values()) + unattributed or 1

    rps = re.search(r"Requests/sec:\s+([\d.]+)", wrk_out)
    print("## Latency and allocation per endpoint (Flight Recorder)\n")
    print(f"Written by `benchmarks/endpoints.sh {seconds}` on {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC."
          " Do not edit by hand: run it again.\n")
    print("- The user service on embedded H2 through its launcher, pinned to CPU 0; `wrk -t1 -c32` on CPU 1 with a mix"
          " of 60% `GET /users/{id}` (100 seeded users), 20% `GET /users?offset=0&limit=20` and 20% `POST /users`;"
          f" 5 s of warm-up, then {seconds} s recorded with JFR's `profile` settings"
          f" ({rps.group(1) if rps else '?'} requests/s overall).")
    print("- Latency is the `jzenith.Request` event's: from the request reaching its handler to the end of its"
          " response. Allocation is JFR's sampled allocation weight whose stack passes through the route's resource"
          " method (what the method and everything it calls allocate on that stack); what is allocated outside any"
          " resource method (reading, binding, writing, the server, and the work a reactive method hands to other"
          " threads, such as a blocking store call run elsewhere) is the last line.\n")
    print("| method | route | status | requests | p50 ms | p99 ms | max ms | mean bytes out | thread | share of sampled allocation |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for (method, route), items in sorted(routes.items(), key=lambda item: -len(item[1])):
        latencies = [nanos(v["latency"]) / 1e6 for v in items]
        statuses = sorted({v["status"] for v in items})
        share = 100 * weights.get((method, route), 0) / total
        print(f"| {method} | `{route}` | {', '.join(map(str, statuses))} | {len(items):,} | "
              f"{percentile(latencies, 50):.2f} | {percentile(latencies, 99):.2f} | {max(latencies):.2f} | "
              f"{sum(v['bytesOut'] for v in items) / len(items):,.0f} | {items[0]['threadKind']} | {share:.1f}% |")
    print(f"| | outside resource methods | | | | | | | | {100 * unattributed / total:.1f}% |")
    print("\nSampled allocation by who allocated (the first frame from the top of the stack that is not the JDK's):\n")
    print("| allocated by | share |")
    print("| --- | --- |")
    for label, weight in sorted(layers.items(), key=lambda item: -item[1]):
        print(f"| {label} | {100 * weight / total:.1f}% |")


main()
