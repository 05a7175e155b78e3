"""Writes benchmarks/TRACING.md and its section of RESULTS.md from benchmarks/tracing.sh's runs.

    python3 benchmarks/harness/tracing_report.py benchmarks/results/tracing

The folder holds run.properties (rounds, duration, started, machine, java), results.txt (one line per
run: round=N VARIANT ENDPOINT key=value ...) and warnings-VARIANT.txt (the WARN/ERROR lines of the
service's logs, and what the OpenTelemetry SDK logged).
"""
import datetime
import re
import statistics
import sys
from collections import Counter
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1]
VARIANTS = {
    "vertx": "raw Vert.x (`apps/vertx`), no tracing: the reference",
    "off": "jZenith, OpenTelemetryPlugin with `otel.sdk.disabled=true` (the app's default): no tracer",
    "unsampled": "`--otel.sdk.disabled=false --otel.traces.sampler=always_off`: spans made, none recorded or exported",
    "recorded": "`--otel.traces.exporter=none`: the SDK on without a span processor, in which case the SDK 1.68"
                " records no span at all (it only hands a caller's context on): the SDK's per-request cost without"
                " recording (the variant's name is older than this finding)",
    "sampled": "`--otel.traces.sampler=always_on`: every request's spans recorded and exported over OTLP/HTTP",
}
SPANS_PER_REQUEST = {"json": 1, "db": 2}  # the server span; on /db also the PostgreSQL client span
BODY = {"json": re.compile(r'^\{"message":"Hello,World!"\}$'), "db": re.compile(r'^\{"id":\d+,"randomNumber":\d+\}$')}


def ms(latency):
    m = re.match(r"([\d.]+)(us|ms|s)$", latency or "")
    if not m:
        return None
    value, unit = float(m.group(1)), m.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value


def parse(path):
    rows = []
    for line in Path(path).read_text().splitlines():
        words = line.split()
        if len(words) < 3:
            continue
        row = {"round": int(words[0].split("=")[1]), "variant": words[1], "endpoint": words[2]}
        for word in words[3:]:
            key, _, value = word.partition("=")
            row[key] = value
        if "failed" not in row:
            try:
                numbers(row)
            except (KeyError, ValueError, AttributeError):
                row["failed"] = "measure"
                row["log"] = "the run ended without figures (the service died under load?): " + line[:200]
        rows.append(row)
    return rows


def numbers(row):
    row["rps"] = float(row["rps"])
    row["p50"], row["p99"] = ms(row["p50"]), ms(row["p99"])
    row["cpu_us"] = float(row["cpu_us"])
    row["rss_mb"] = int(row["rss_kib"]) / 1024
    row["requests"], row["warm_requests"] = int(row["requests"]), int(row["warm_requests"])
    row["non2xx"] = int(row["non2xx"] or 0)
    row["socket_errors"] = sum(int(x) for x in (row["socket_errors"] or "0").split(",") if x)
    before = row["sink_before"].split(",")
    after = row["sink_after"].split(",")
    row["sink"] = {"requests": int(after[0]) - int(before[0]), "bytes": int(after[1]) - int(before[1]),
                   "spans": int(after[2]) - int(before[2]), "undecoded": int(after[3]) - int(before[3]),
                   "longest_s": float(after[5])}
    row["body_ok"] = bool(BODY[row["endpoint"]].match(row["body"]))


def ratio(a, b):
    return f"{a / b:.2f}" if a is not None and b else "–"


def main():
    work = Path(sys.argv[1])
    run = dict(line.split("=", 1) for line in (work / "run.properties").read_text().splitlines() if "=" in line)
    rounds, duration, machine, java, started = (run[k] for k in ("rounds", "duration", "machine", "java", "started"))
    rows = parse(work / "results.txt")
    good = [r for r in rows if "failed" not in r]
    endpoints = list(dict.fromkeys(r["endpoint"] for r in rows))
    variants = [v for v in VARIANTS if any(r["variant"] == v for r in rows)]

    def med(variant, endpoint, key):
        values = [r[key] for r in good if r["variant"] == variant and r["endpoint"] == endpoint and r[key] is not None]
        return statistics.median(values) if values else None

    lines = [
        "## What OpenTelemetry tracing costs",
        "",
        f"Written by `benchmarks/tracing.sh {rounds} {duration}` on {started} UTC"
        + (f" (this text rewritten from that run's figures by `benchmarks/tracing.sh --report-only` on"
           f" {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC)" if "--rewritten" in sys.argv else "")
        + ". Do not edit by hand: run it again.",
        "",
        f"- Machine: {machine}; {java}. The machine may be shared, and what else ran on it is not controlled:"
        " single runs can swing by 10% and more; the ratios are of medians of interleaved rounds.",
        f"- `apps/jzenith` (the TechEmpower test types, with `OpenTelemetryPlugin.forService(\"jzenith-bench\")`) and"
        " `apps/vertx`, each pinned to CPU 0; `wrk -t1 -c64` on CPU 1, 5 s warm-up then"
        f" {duration} s measured, a fresh JVM per run; {rounds} rounds, each running every endpoint and variant once"
        " in turn, the variants' order rotated by one each round. `/json` answers on the event loop (`@NonBlocking`); `/db` is the TechEmpower single query on the"
        " reactive PostgreSQL client (PostgreSQL on the same machine, not pinned). CPU per request is the"
        " service's user and system time (`/proc/PID/stat`) over the measured run divided by the requests wrk"
        " counted; RSS is VmRSS at the end of the measured run.",
        "- `sampled` exports to `harness/otlp-sink.py`, a Python OTLP/HTTP receiver on CPU 1 beside wrk (it answers"
        " POST /v1/traces with 200 and an empty ExportTraceServiceResponse and decodes the spans to count them),"
        " with the SDK's defaults: http/protobuf, batch span processor (queue 2048, batches of 512, 5 s delay).",
        "",
        "| variant | what |",
        "| --- | --- |",
        *[f"| {v} | {VARIANTS[v]} |" for v in variants],
        "",
    ]
    for endpoint in endpoints:
        lines += [
            f"### `/{endpoint}`",
            "",
            "| variant | median rps | rps against Vert.x | rps against off | rounds (rps) | p50 ms | p99 ms | p99 against off"
            " | CPU µs per request | CPU against Vert.x | CPU against off | CPU 0 busy | RSS MB at end | RSS against off |",
            "| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        base = {k: med("vertx", endpoint, k) for k in ("rps", "p50", "p99", "cpu_us", "rss_mb")}
        off = {k: med("off", endpoint, k) for k in ("rps", "p50", "p99", "cpu_us", "rss_mb")}
        for v in variants:
            m = {k: med(v, endpoint, k) for k in ("rps", "p50", "p99", "cpu_us", "rss_mb")}
            runs = [r for r in rows if r["variant"] == v and r["endpoint"] == endpoint]
            if m["rps"] is None:
                lines.append(f"| {v} | failed in every round | | | | | | | | | | | | |")
                continue
            per_round = ", ".join("failed" if "failed" in r else f"{r['rps']:.0f}" for r in runs)
            lines.append(
                f"| {v} | {m['rps']:,.0f} | {ratio(m['rps'], base['rps'])} | {ratio(m['rps'], off['rps'])} | {per_round}"
                f" | {m['p50']:.2f} | {m['p99']:.2f} | {ratio(m['p99'], off['p99'])}"
                f" | {m['cpu_us']:.1f} | {ratio(m['cpu_us'], base['cpu_us'])} | {ratio(m['cpu_us'], off['cpu_us'])}"
                f" | {m['rps'] * m['cpu_us'] / 1e6:.0%} | {m['rss_mb']:.0f} | {ratio(m['rss_mb'], off['rss_mb'])} |")
        lines.append("")
        # Ratios to tracing off per round: each pair ran a minute apart at most.
        pairs = []
        for v in ("unsampled", "recorded", "sampled"):
            by_round = []
            for r in sorted({r["round"] for r in good}):
                a = next((x for x in good if x["round"] == r and x["variant"] == v and x["endpoint"] == endpoint), None)
                b = next((x for x in good if x["round"] == r and x["variant"] == "off" and x["endpoint"] == endpoint), None)
                if a and b:
                    by_round.append(f"{a['rps'] / b['rps']:.2f}/{a['cpu_us'] / b['cpu_us']:.2f}")
            if by_round:
                pairs.append(f"{v} {', '.join(by_round)}")
        if pairs:
            lines += [f"Per round against off (rps/CPU per request): {'; '.join(pairs)}.", ""]

    # What the sink received: every span of every request served, or the exporter dropped some.
    lines += ["### What `sampled` exported", "",
              "| endpoint | round | requests wrk measured | requests served (warm-up + measured + 2 probes) | spans expected"
              " | spans received | export requests | bytes | bytes per span | longest sink handler so far, ms"
              " | sink CPU during the measured run, s |",
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    odd = []
    tick = 100  # USER_HZ on Linux
    for r in good:
        if r["variant"] != "sampled":
            if r["sink"]["spans"] or r["sink"]["requests"]:
                odd.append(f"{r['variant']} {r['endpoint']} round {r['round']}: the sink received"
                           f" {r['sink']['requests']} requests while it ran, though it exports nothing")
            continue
        served = r["warm_requests"] + r["requests"] + 2
        expected = served * SPANS_PER_REQUEST[r["endpoint"]]
        s = r["sink"]
        lines.append(f"| /{r['endpoint']} | {r['round']} | {r['requests']:,} | {served:,} | {expected:,} | {s['spans']:,} | {s['requests']:,}"
                     f" | {s['bytes']:,} | {s['bytes'] / max(s['spans'], 1):.0f} | {s['longest_s'] * 1000:.1f}"
                     f" | {int(r['sink_cpu_ticks']) / tick:.2f} |")
        # wrk counts the answers it read; requests still in flight when it stops were served too
        # (up to 64 per wrk run), so the spans received may exceed the count, never fall short of it.
        if s["spans"] < expected:
            odd.append(f"sampled /{r['endpoint']} round {r['round']}: {expected - s['spans']:,} spans of {expected:,}"
                       " never reached the sink (dropped by the batch span processor, or lost in export)")
        if s["undecoded"]:
            odd.append(f"sampled /{r['endpoint']} round {r['round']}: {s['undecoded']} export requests the sink could not decode")
    lines += ["", "The spans received may exceed those expected by up to 64 per wrk run per span of a request: wrk"
              " counts only the answers it read before stopping, the service served the requests in flight too."
              " The SDK flushes what it holds when jZenith stops; the counts are read once the JVM is gone.", ""]

    for r in rows:
        if "failed" in r:
            odd.append(f"{r['variant']} /{r['endpoint']} round {r['round']} did not start: {r['log'].replace('_', ' ')}")
        else:
            if not r["body_ok"]:
                odd.append(f"{r['variant']} /{r['endpoint']} round {r['round']} answered `{r['body']}`")
            if r["non2xx"] or r["socket_errors"]:
                odd.append(f"{r['variant']} /{r['endpoint']} round {r['round']}: {r['non2xx']} non-2xx answers,"
                           f" {r['socket_errors']} socket errors")
    warnings = []
    # Only what this run's logs and counts show: how many runs logged a second shutdown, and whether
    # any span went missing in them.
    shutdowns = {v: (work / f"warnings-{v}.txt").read_text().count("Multiple shutdown calls")
                 for v in variants if (work / f"warnings-{v}.txt").exists()}
    if any(shutdowns.values()):
        logged = sum(shutdowns.values())
        runs = sum(1 for r in rows if r["variant"] in shutdowns and shutdowns[r["variant"]])
        lost = [o for o in odd if "never reached the sink" in o]
        odd.append(f"The SDK logged `INFO: Multiple shutdown calls` (`io.opentelemetry.sdk.OpenTelemetrySdk.shutdown`)"
                   f" {logged} times in the {runs} runs of "
                   + ", ".join(f"`{v}`" for v, n in shutdowns.items() if n)
                   + ": it was shut down more than once. "
                   + ("No span was missing in those runs (see above)." if not lost else
                      f"{len(lost)} `sampled` runs missed spans (listed in this section)."))
    for endpoint in endpoints:
        u, rec = med("unsampled", endpoint, "cpu_us"), med("recorded", endpoint, "cpu_us")
        if u and rec and u > rec * 1.1:
            pairs = [(a["cpu_us"], b["cpu_us"]) for a in good for b in good
                     if a["round"] == b["round"] and a["endpoint"] == b["endpoint"] == endpoint
                     and a["variant"] == "unsampled" and b["variant"] == "recorded"]
            odd.append(
                f"On `/{endpoint}` `unsampled` cost more CPU per request than `recorded` ({u:.1f} against {rec:.1f} µs,"
                f" more in {sum(a > b for a, b in pairs)} of {len(pairs)} rounds); see what each variant does in the"
                " table of variants above.")
    for v in variants:
        path = work / f"warnings-{v}.txt"
        counts = Counter(path.read_text().splitlines()) if path.exists() else Counter()
        for line, n in counts.most_common():
            warnings.append(f"- {v}, in {n} of {sum(1 for r in rows if r['variant'] == v)} runs: `{line.strip()[:240]}`")

    # The reading, from this run's figures.
    lines += ["### Reading", ""]
    figures = {}
    for endpoint in endpoints:
        figures[endpoint] = {k: {v: med(v, endpoint, k) for v in variants} for k in ("rps", "cpu_us", "p99")}
    complete = [e for e in endpoints if all(figures[e]["rps"].get(v) for v in ("vertx", "off", "unsampled", "sampled"))]
    if complete:
        def each(fn):
            return " and ".join(f"{fn(figures[e])} on `/{e}`" for e in complete)

        def extra(v):
            return lambda f: f"{f['cpu_us'][v] - f['cpu_us']['off']:+.1f} µs ({f['cpu_us'][v] / f['cpu_us']['off'] - 1:+.0%})"
        recorded = all(figures[e]["rps"].get("recorded") for e in complete)
        share = min((f["cpu_us"]["sampled"] - f["cpu_us"].get("recorded", f["cpu_us"]["off"]))
                    / (f["cpu_us"]["sampled"] - f["cpu_us"]["off"]) for f in (figures[e] for e in complete))
        lines.append(
            "In short, against tracing off (the app's default, which the harness measures): turning the SDK on with"
            f" sampling off costs {each(extra('unsampled'))} of CPU per request"
            + (f", and the SDK on without a span processor (no span recorded) {each(extra('recorded'))}" if recorded else "")
            + f". Exporting every request's spans over OTLP costs {each(extra('sampled'))}"
            + (f", {share:.0%} or more of it above what the SDK costs without recording (`recorded`): recording and"
               " exporting the spans, on the service's own CPU" if recorded else "")
            + f"; with CPU 0 busy {each(lambda f: '%.0f%%' % (f['rps']['sampled'] * f['cpu_us']['sampled'] / 1e4))}"
            f" the service then serves {each(lambda f: '%.2f×' % (f['rps']['sampled'] / f['rps']['off']))}"
            f" the requests/s, and p99 goes from {each(lambda f: '%.1f to %.1f ms' % (f['p99']['off'], f['p99']['sampled']))}."
            f" Tracing off stands to raw Vert.x at {each(lambda f: '%.2f×' % (f['rps']['off'] / f['rps']['vertx']))} the requests/s.")
        lines.append("")
    for endpoint in endpoints:
        rps, cpu, p99 = figures[endpoint]["rps"], figures[endpoint]["cpu_us"], figures[endpoint]["p99"]
        if endpoint not in complete:
            lines.append(f"- `/{endpoint}`: a variant failed in every round; no reading.")
            continue

        def delta(v):
            return (f"{(rps[v] / rps['off'] - 1) * 100:+.0f}% requests/s, {(cpu[v] / cpu['off'] - 1) * 100:+.0f}% CPU"
                    f" per request ({cpu[v] - cpu['off']:+.1f} µs), p99 {p99['off']:.1f} → {p99[v]:.1f} ms")
        lines.append(
            f"- `/{endpoint}`: with tracing off jZenith serves {rps['off'] / rps['vertx']:.2f}× raw Vert.x's requests/s at"
            f" {cpu['off'] / cpu['vertx']:.2f}× its CPU per request. Against tracing off, the SDK on with sampling off:"
            f" {delta('unsampled')}"
            + (f"; the SDK without a span processor: {delta('recorded')}" if rps.get("recorded") else "")
            + f"; every request sampled and exported: {delta('sampled')}.")
    lines.append("")
    lines += ["### Anything odd", ""]
    dropped = [o for o in odd if "never reached the sink" in o]
    sdk_warned = any(re.search(r"(WARNING|SEVERE):", (work / f"warnings-{v}.txt").read_text())
                     for v in variants if (work / f"warnings-{v}.txt").exists())
    if not dropped and any(r["variant"] == "sampled" for r in good):
        lines.append("- No span was dropped: in every `sampled` run the sink received at least as many spans as the"
                     " requests served make (see above)"
                     + ("." if sdk_warned else ", and the SDK logged no warning."))
    if not [r for r in rows if "failed" in r] and not [o for o in odd if "answered" in o or "non-2xx" in o]:
        lines.append("- Every run started and answered the right body, with no non-2xx answers or socket errors.")
    lines += [f"- {o}" for o in odd]
    if warnings:
        lines += ["", "Warnings and errors in the services' logs (time stamps removed):", "", *warnings]
    text = "\n".join(lines) + "\n"
    (BENCHMARKS / "TRACING.md").write_text(text)
    print(text)
    sys.path.insert(0, str(BENCHMARKS / "harness"))
    import report
    report.splice(BENCHMARKS / "RESULTS.md", "tracing")


if __name__ == "__main__":
    main()
