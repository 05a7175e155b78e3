"""Writes benchmarks/RESULTS.md and its gnuplot pictures from one harness run."""
import re
import subprocess
from pathlib import Path

from goals import Goal, at_least, at_most, below, overview, rounds_text, single, table

# The order in which reports list the apps (and harness.py knows them): jZenith's first, then the peers.
APP_ORDER = ["jzenith", "jzenith-plain", "vertx", "quarkus", "spring-webflux", "spring-mvc", "helidon", "micronaut", "javalin",
             "dropwizard"]

GOAL_CONNECTIONS = 64
BENCHMARKS = Path(__file__).resolve().parents[1]
# Sections that other programs write into files of their own (container.py, threads.py, tracing.sh, ...); RESULTS.md
# carries each between markers, so that a harness run keeps them and they can be renewed alone. Every section of
# RESULTS.md is either written by report.py from the run or one of these: nothing in it is kept by hand, so a
# run loses nothing. READINGS.md is the one hand-kept file among them (as FINDINGS.md above): what a person read
# from the figures of the others, each with the command that made them.
INCLUDED = [
    ("startup", "STARTUP.md", "written by benchmarks/startup.sh"),
    ("container", "CONTAINER.md", "written by benchmarks/container.sh"),
    ("image", "IMAGE.md", "written by benchmarks/image.sh"),
    ("threads", "THREADS.md", "written by benchmarks/threads.sh"),
    ("http-features", "HTTP-FEATURES.md", "written by benchmarks/http-features.sh"),
    ("pipelining", "PIPELINING.md", "written by benchmarks/pipelining.sh"),
    ("comparisons", "COMPARISONS.md", "written by benchmarks/compare-commits.sh"),
    ("peers", "PEERS.md", "written by benchmarks/peers.sh"),
    ("endpoints", "ENDPOINTS.md", "written by benchmarks/endpoints.sh"),
    ("tracing", "TRACING.md", "written by benchmarks/tracing.sh"),
    ("kafka", "KAFKA.md", "written by benchmarks/kafka.sh"),
    ("kafka-memory", "KAFKA-MEMORY.md", "written by benchmarks/kafka-memory.sh"),
    ("rabbitmq", "RABBITMQ.md", "written by benchmarks/rabbitmq.sh"),
    ("outbox", "OUTBOX.md", "written by benchmarks/outbox.sh"),
    ("outbox-postgresql", "OUTBOX-POSTGRESQL.md", "written by OUTBOX_STORE=postgresql benchmarks/outbox.sh"),
    ("rolling", "ROLLING.md", "written by benchmarks/rolling.sh"),
    ("readings", "READINGS.md", "kept by hand"),
]
LABELS = {"users": "GET /users/{id}", "create": "POST /users"}


def endpoint_label(endpoint):
    return LABELS.get(endpoint, f"/{endpoint}")


def included(key):
    """RESULTS.md's lines for one included file, headings one level down, between markers."""
    _, file, origin = next(entry for entry in INCLUDED if entry[0] == key)
    path = BENCHMARKS / file
    if not path.exists():
        return []
    lines, fenced = [], False
    for line in path.read_text().rstrip().splitlines():
        fenced = fenced != line.startswith("```")
        lines.append("#" + line if line.startswith("#") and not fenced else line)
    return [f"<!-- {key}: from {file}, {origin}; a harness run carries it over -->", *lines,
            f"<!-- /{key} -->", ""]


def every_goal(own):
    """RESULTS.md's overview of every report's goals (its own run's first), between markers."""
    reports = [("RESULTS.md", own)] + [(file, (BENCHMARKS / file).read_text())
                                       for _, file, _ in INCLUDED if (BENCHMARKS / file).exists()
                                       and file not in ("READINGS.md", "COMPARISONS.md")]
    return ["<!-- every-goal -->", *overview(reports), "<!-- /every-goal -->", ""]


def renew_every_goal(text):
    """The overview renewed after an included report changed, from the goals of the run above it."""
    pattern = re.compile(r"<!-- every-goal -->.*?<!-- /every-goal -->\n\n?", re.S)
    if not pattern.search(text):
        return text
    head = text[:pattern.search(text).start()]
    return pattern.sub(lambda _: "\n".join(every_goal(head)), text)


def splice(results_md, key):
    """Renews one included section of RESULTS.md in place (or appends it), leaving the rest as it is."""
    text = results_md.read_text() if results_md.exists() else "# Benchmark results\n\n"
    section = "\n".join(included(key))
    pattern = re.compile(rf"<!-- {key}:.*?<!-- /{key} -->\n\n?", re.S)
    if pattern.search(text):
        text = pattern.sub(lambda _: section, text)
    else:
        # A new section goes where a harness run would put it: before the next included section there.
        keys = [k for k, *_ in INCLUDED]
        later = [f"<!-- {k}:" for k in keys[keys.index(key) + 1:] if f"<!-- {k}:" in text]
        if later:
            at = text.index(later[0])
            text = text[:at] + section + "\n" + text[at:]
        else:
            text = text.rstrip("\n") + "\n\n" + section
    results_md.write_text(renew_every_goal(text))


def write(rows, starts, failures, extras, machine, command, started_at, args, report_dir, results_md):
    report_dir.mkdir(parents=True, exist_ok=True)
    measured = [r for r in rows if r.get("endpoint") not in (None, "-")]
    default = [r for r in measured if r["variant"] == "default"]
    apps = ordered({r["app"] for r in rows})
    endpoints = ordered_endpoints({r["endpoint"] for r in default})
    pictures = plots(default, rows, starts, apps, endpoints, extras, report_dir)

    lines = [
        "# Benchmark results",
        "",
        f"Written by `{command}` on {started_at:%Y-%m-%d %H:%M} UTC. Do not edit by hand: run it again.",
        "",
        f"- Machine: {machine}.",
        "- Each app is pinned to CPU 0 (`taskset -c 0`), wrk to CPU 1 (`wrk -t1 -cN --latency`), so an app sees one",
        "  processor and sizes itself for it; the database (PostgreSQL) is not pinned. The machines are shared and",
        "  noisy: compare ratios within this run, not absolute numbers across runs.",
        f"- Per endpoint: {args.warmup} s warm-up at {max(args.connections)} connections, then {args.duration} s per"
        f" connection count ({', '.join(map(str, args.connections))}).",
        f"- Start-up is from process start to the first good response, the median of {args.starts} starts with JVM"
        " defaults;",
        "  jZenith also with its JDK 25 AOT cache, trained by the harness with `scripts/aot-train.sh` pinned like the",
        "  runs (see README.md). RSS after start is read 1 s after the first good response; peak RSS is VmHWM after",
        "  the load. CPU time per request is the app's user+system time over the requests answered. GC counts and",
        "  times come from `jstat -gc`.",
        "",
    ]
    if failures:
        lines += ["## Problems in this run", ""] + [f"- {f}" for f in failures] + [""]
    own_goals = goals(default, rows, starts, extras.get("paired", []))
    lines += own_goals
    lines += every_goal("\n".join(own_goals))
    titles = {"jzenith": "jZenith and raw Vert.x, paired",
              "jzenith-plain": "jZenith with plain methods (virtual threads) and raw Vert.x, paired"}
    for ours, title in titles.items():
        pairs = [p for p in extras.get("paired", []) if p.get("ours", "jzenith") == ours]
        if not pairs:
            continue
        lines += [f"## {title}", "",
                  f"Both running side by side on CPU 0, measured in {pairs[0]['rounds']} alternating rounds"
                  f" per connection count within seconds of each other; medians, and every round's"
                  " rps. Apps measured minutes apart see a different machine, so the goals take these ratios.", ""]
        if ours == "jzenith-plain":
            lines += ["`apps/jzenith-plain` is written as the README shows new users: plain return types, no"
                      " `@NonBlocking`, so every request runs on a new virtual thread; `apps/jzenith` puts the"
                      " same `/json` on the event loop with `@NonBlocking`.", ""]
        lines += ["| endpoint | connections | jZenith rps | Vert.x rps | ratio | jZenith p99 ms | Vert.x p99 ms | ratio |"
                  " jZenith rounds | Vert.x rounds |",
                  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"]
        for p in pairs:
            lines.append(f"| {endpoint_label(p['endpoint'])} | {p['connections']} | {p['ours_rps']:.0f} |"
                         f" {p['ceiling_rps']:.0f} | {p['ours_rps'] / p['ceiling_rps']:.2f}× | {fmt(p['ours_p99'])} |"
                         f" {fmt(p['ceiling_p99'])} | {p['ours_p99'] / p['ceiling_p99']:.2f}× |"
                         f" {', '.join(map(str, p['ours_all']))} | {', '.join(map(str, p['ceiling_all']))} |")
        lines.append("")
    findings = Path(__file__).resolve().parents[1] / "FINDINGS.md"
    if findings.exists():
        # Written by hand after reading a run's profiles; the figures above are this run's.
        lines += ["## What stands in the way", "", f"From [FINDINGS.md](FINDINGS.md), kept by hand:", "",
                  *findings.read_text().split("\n", 2)[2].strip().splitlines(), ""]
    lines += ["## Start-up and memory", "", "| app | variant | start-up ms (median) | every start ms |"
              " RSS after start MB |", "| --- | --- | ---: | --- | ---: |"]
    for s in sorted(starts, key=lambda s: apps.index(s["app"]) if s["app"] in apps else len(apps)):
        lines.append(f"| {s['app']} | {s['variant']} | {s['startup_ms']} | {', '.join(map(str, s['startup_all']))} |"
                     f" {s.get('rss_start_mb') or ''} |")
    lines += ["", "Peak RSS under load (VmHWM after every endpoint and connection count of a run):", "",
              "| app | variant | peak RSS MB |", "| --- | --- | ---: |"]
    seen = set()
    for r in rows:
        key = (r["app"], r["variant"])
        if key in seen or not r.get("rss_peak_mb"):
            continue
        seen.add(key)
        lines.append(f"| {r['app']} | {r['variant']} | {r['rss_peak_mb']} |")
    lines += [""] + [f"![{name}]({Path('report') / file})" for name, file in pictures if
                     file.startswith(("startup", "memory"))] + [""]
    for endpoint in endpoints:
        lines += [f"## {endpoint_label(endpoint)}", "", "| app | connections | rps | p50 ms | p90 ms | p99 ms | max ms | CPU µs/req |"
                  " GCs | GC ms | errors |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for r in sorted([r for r in default if r["endpoint"] == endpoint],
                        key=lambda r: (apps.index(r["app"]), r["connections"])):
            lines.append(f"| {r['app']} | {r['connections']} | {r['rps']:.0f} | {fmt(r['p50'])} | {fmt(r['p90'])} |"
                         f" {fmt(r['p99'])} | {fmt(r['max'])} | {r['cpu_us_per_request']} | {r.get('gc_count', '')} |"
                         f" {r.get('gc_ms', '')} | {r['errors']} |")
        lines += [""] + [f"![{name}]({Path('report') / file})" for name, file in pictures if
                         file in (f"rps-{endpoint}.png", f"latency-{endpoint}.png")] + [""]
    variants = [r for r in measured if r["variant"] != "default"]
    if variants:
        lines += ["## Memory limits and collectors", "", "| app | variant | endpoint | connections | rps | p99 ms |"
                  " peak RSS MB | GCs | GC ms |", "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for r in variants:
            lines.append(f"| {r['app']} | {r['variant']} | {endpoint_label(r['endpoint'])} | {r['connections']} | {r['rps']:.0f} |"
                         f" {fmt(r['p99'])} | {r.get('rss_peak_mb', '')} | {r.get('gc_count', '')} |"
                         f" {r.get('gc_ms', '')} |")
        lines.append("")
    if "histogram" in extras:
        text, _ = extras["histogram"]
        lines += ["## Latency histogram of jZenith /json (hey -c 64)", "", "```", text, "```", ""]
        lines += [f"![histogram]({Path('report') / 'histogram-jzenith-json.png'})", ""]
    for name, profile in extras.get("alloc", {}).items():
        under = (f" {profile['under_jzenith_percent']}% of the sampled bytes have a jZenith frame on the stack."
                 if "under_jzenith_percent" in profile else "")
        lines += [f"## Allocation profile: {name}", "",
                  f"{profile['bytes_per_request']} bytes allocated per request (JFR `jdk.ThreadAllocationStatistics`"
                  f" over {profile['requests']} requests at {profile['rps']:.0f} rps). Top allocation sites"
                  " (`jdk.ObjectAllocationSample`, share of the sampled bytes, by the first frame outside the JDK,"
                  f" and the innermost jZenith frame above it).{under}", "",
                  "| class allocated | where | under jZenith's | share % |", "| --- | --- | --- | ---: |"]
        for cls, where, *jzenith, share in profile["top"]:
            caller = f"`{jzenith[0]}`" if jzenith and jzenith[0] else ""
            lines.append(f"| `{cls}` | `{where}` | {caller} | {share} |")
        lines.append("")
    for key, *_ in INCLUDED:
        lines += included(key)
    results_md.write_text("\n".join(lines) + "\n")


def goals(default, rows, starts, paired):
    def best(app, endpoint, minimum=GOAL_CONNECTIONS):
        candidates = [r for r in default if r["app"] == app and r["endpoint"] == endpoint
                      and r["connections"] >= minimum]
        return max(candidates, key=lambda r: r["connections"], default=None)

    judged = []

    def add(goal, measured, verdict, note=""):
        judged.append(Goal(goal, measured, verdict, note))

    def paired_goals(label, pair):
        # Each round ran both apps within seconds of each other: judge the goal on every round's ratio.
        ratios = [o / c for o, c in zip(pair["ours_all"], pair["ceiling_all"])]
        ratio = pair["ours_rps"] / pair["ceiling_rps"]
        add(f"{label}: rps ≥ 0.9× raw Vert.x (paired, c={pair['connections']})", f"{ratio:.2f}×",
            at_least(0.9, ratios), f"rounds {rounds_text(ratios)}")
        p99_rounds = [o / c for o, c in zip(pair.get("ours_p99_all", []), pair.get("ceiling_p99_all", [])) if o and c]
        p99 = pair["ours_p99"] / pair["ceiling_p99"]
        add(f"{label}: p99 ≤ 1.2× raw Vert.x (paired)", f"{p99:.2f}×",
            at_most(1.2, p99_rounds or [p99]),
            f"rounds {rounds_text(p99_rounds)}" if p99_rounds else "medians only (this run kept no per-round p99)")

    peers = sorted({r["app"] for r in default} - {"jzenith", "jzenith-plain", "vertx"}
                   - {a for a in {r["app"] for r in default} if a.startswith("users")})
    plain = [p for p in paired if p.get("ours") == "jzenith-plain"]
    paired = [p for p in paired if p.get("ours", "jzenith") == "jzenith"]
    one_run = "one run each, minutes apart"
    for endpoint in ("json", "plaintext", "db"):
        jz, vx = best("jzenith", endpoint), best("vertx", endpoint)
        pair = max((p for p in paired if p["endpoint"] == endpoint), key=lambda p: p["connections"], default=None)
        if pair:
            paired_goals(f"/{endpoint}", pair)
        elif jz and vx:
            ratio = jz["rps"] / vx["rps"]
            add(f"/{endpoint}: rps ≥ 0.9× raw Vert.x (c={jz['connections']})", f"{ratio:.2f}×",
                at_least(0.9, [ratio]), one_run)
            if jz["p99"] and vx["p99"]:
                p99 = jz["p99"] / vx["p99"]
                add(f"/{endpoint}: p99 ≤ 1.2× raw Vert.x", f"{p99:.2f}×", at_most(1.2, [p99]), one_run)
        if jz:
            # Each peer ran once, minutes from jZenith: a lead smaller than the spread of this run's
            # paired rounds against raw Vert.x on the endpoint decides nothing.
            spread = round_spread(pair)
            margin = f"{one_run}; a lead under {spread:.2f}× (the paired rounds' spread) decides nothing"
            others = {a: best(a, endpoint) for a in peers if best(a, endpoint)}
            behind = [a for a, r in others.items() if r["rps"] > jz["rps"]]
            add(f"/{endpoint}: ahead of every peer on rps", f"behind: {', '.join(behind) or 'none'}",
                beyond([jz["rps"] / r["rps"] for r in others.values()], spread), margin)
            timed = {a: r for a, r in others.items() if r["p99"] and jz["p99"]}
            slower = [a for a, r in timed.items() if r["p99"] < jz["p99"]]
            add(f"/{endpoint}: ahead of every peer on p99", f"behind: {', '.join(slower) or 'none'}",
                beyond([r["p99"] / jz["p99"] for r in timed.values()], spread), margin)
    for endpoint in ("json", "users", "create"):
        pair = max((p for p in plain if p["endpoint"] == endpoint), key=lambda p: p["connections"], default=None)
        if pair:
            paired_goals(f"{endpoint_label(endpoint)} with plain methods (virtual threads)", pair)
    plain_starts = {s["variant"]: s for s in starts if s["app"] == "jzenith-plain"}
    for variant, s in plain_starts.items():
        if s.get("rss_start_mb"):
            add(f"RSS after start < 64 MB (plain methods, {variant})", f"{s['rss_start_mb']} MB",
                below(64, [s["rss_start_mb"]]), "")
    jz_rows = [r for r in rows if r["app"] == "jzenith"]
    jz_starts = {s["variant"]: s for s in starts if s["app"] == "jzenith"}
    peer_starts = {s["app"]: s for s in starts if s["variant"] == "default" and s["app"] in peers}
    if "AOT cache" in jz_starts:
        start = jz_starts["AOT cache"]
        every = start.get("startup_all") or [start["startup_ms"]]
        add("start-up < 500 ms pinned to one core, with the AOT cache", f"{start['startup_ms']} ms (median)",
            below(500, every), f"starts {rounds_text(every, '{:.0f}')} ms")
    # Like for like (every app on JVM defaults), and as each is deployed by its own documentation:
    # jZenith's launcher uses a trained AOT cache, the peers' JVM modes do not.
    for variant, label in (("default", "all on JVM defaults"), ("AOT cache", "jZenith with its AOT cache")):
        if variant not in jz_starts or not peer_starts:
            continue
        ours = jz_starts[variant]
        for what, key, unit in (("start-up", "startup_ms", "ms"), ("RSS after start", "rss_start_mb", "MB")):
            ahead = [a for a, s in peer_starts.items() if s.get(key) and ours.get(key) and s[key] < ours[key]]
            add(f"{what} ahead of every peer ({label})", f"{ours.get(key)} {unit}, behind: {', '.join(ahead) or 'none'}",
                single(not ahead), ", ".join(f"{a} {peer_starts[a][key]} {unit}" for a in ahead))
    for variant, s in jz_starts.items():
        if s.get("rss_start_mb"):
            add(f"RSS after start < 64 MB ({variant})", f"{s['rss_start_mb']} MB", below(64, [s["rss_start_mb"]]), "")
    constrained = [r for r in jz_rows if r["variant"] == "Xmx128m" and r.get("rss_peak_mb")]
    if constrained:
        peak = constrained[0]["rss_peak_mb"]
        add("peak RSS at -Xmx128m under load < 128 MB", f"{peak} MB", below(128, [peak]), "")
    small = best_variant(rows, "Xmx64m", "json")
    full = best("jzenith", "json")
    if small and full:
        ratio = small["rps"] / full["rps"]
        json_pair = max((p for p in paired if p["endpoint"] == "json"), key=lambda p: p["connections"], default=None)
        spread = round_spread(json_pair)
        # One run each: within the paired rounds' spread of the line, the run decides nothing.
        add("/json at -Xmx64m ≥ 0.9× unconstrained", f"{ratio:.2f}×",
            at_least(0.9, [ratio * spread, ratio / spread]),
            f"{one_run}; the paired rounds' spread is {spread:.2f}×")
    return table(judged, intro=f"Ratios from this run at the highest measured connection count of at least"
                 f" {GOAL_CONNECTIONS}; against raw Vert.x from the paired rounds below where there are any. Where a"
                 " goal is missed, [What stands in the way](#what-stands-in-the-way) says why.")


def round_spread(pair, default=1.3):
    """How far apart the paired rounds' rps ratios lie (highest over lowest); `default` without rounds."""
    if not pair:
        return default
    ratios = [o / c for o, c in zip(pair.get("ours_all", []), pair.get("ceiling_all", [])) if o and c]
    return max(ratios) / min(ratios) if len(ratios) > 1 else default


def beyond(leads, spread):
    """Met when every lead (ours over the other's, >1 is ahead) clears the spread, missed when one falls
    short of it the other way, inconclusive otherwise: one run each cannot tell smaller differences."""
    if not leads:
        return single(None)
    if all(lead > spread for lead in leads):
        return single(True)
    if any(lead < 1 / spread for lead in leads):
        return single(False)
    return "inconclusive"


def best_variant(rows, variant, endpoint):
    candidates = [r for r in rows if r["app"] == "jzenith" and r["variant"] == variant and r["endpoint"] == endpoint
                  and r["connections"] >= GOAL_CONNECTIONS]
    return max(candidates, key=lambda r: r["connections"], default=None)


def plots(default, rows, starts, apps, endpoints, extras, report_dir):
    made = []
    for endpoint in endpoints:
        data = {app: sorted((r["connections"], r["rps"], r["p50"] or 0, r["p90"] or 0, r["p99"] or 0)
                            for r in default if r["app"] == app and r["endpoint"] == endpoint) for app in apps}
        data = {app: points for app, points in data.items() if points}
        if not data:
            continue
        series = [(app, "\n".join(f"{c} {rps}" for c, rps, *_ in points)) for app, points in data.items()]
        gnuplot(report_dir / f"rps-{endpoint}.png", f"/{endpoint}: requests per second by connections",
                "set logscale x 2; set xlabel 'connections'; set ylabel 'requests/s'; set key outside right;"
                " set yrange [0:*]",
                [f"'-' using 1:2 with linespoints title '{app}'" for app, _ in series],
                [block for _, block in series])
        made.append((f"rps {endpoint}", f"rps-{endpoint}.png"))
        at = {app: next((p for p in points if p[0] == GOAL_CONNECTIONS), points[-1]) for app, points in data.items()}
        block = "\n".join(f"\"{app}\" {p[2]} {p[3]} {p[4]}" for app, p in at.items())
        gnuplot(report_dir / f"latency-{endpoint}.png", f"/{endpoint}: latency percentiles (ms) at"
                f" {GOAL_CONNECTIONS} connections", "set style data histograms; set style histogram clustered;"
                " set style fill solid 0.8; set xtics rotate by -30; set ylabel 'ms'; set yrange [0:*]",
                ["'-' using 2:xtic(1) title 'p50'", "'-' using 3 title 'p90'", "'-' using 4 title 'p99'"],
                [block, block, block])
        made.append((f"latency {endpoint}", f"latency-{endpoint}.png"))
    startup, memory = {}, {}
    peaks = {r["app"]: r.get("rss_peak_mb") or 0 for r in rows if r["variant"] == "default"}
    for s in starts:
        if s["variant"] in ("default", "AOT cache"):
            label = s["app"] if s["variant"] == "default" else f"{s['app']} (AOT)"
            startup[label] = s["startup_ms"]
            memory[label] = (s.get("rss_start_mb") or 0, peaks.get(s["app"], 0) if s["variant"] == "default" else 0)
    if startup:
        gnuplot(report_dir / "startup.png", "Start-up to first good response (ms, median), one core",
                "set style data histograms; set style fill solid 0.8; set xtics rotate by -30; set yrange [0:*]",
                ["'-' using 2:xtic(1) title 'start-up ms'"], ["\n".join(f"\"{a}\" {v}" for a, v in startup.items())])
        made.append(("start-up", "startup.png"))
        block = "\n".join(f"\"{a}\" {s} {p}" for a, (s, p) in memory.items())
        gnuplot(report_dir / "memory.png", "RSS (MB): after start and peak under load",
                "set style data histograms; set style histogram clustered; set style fill solid 0.8;"
                " set xtics rotate by -30; set yrange [0:*]",
                ["'-' using 2:xtic(1) title 'after start'", "'-' using 3 title 'peak'"], [block, block])
        made.append(("memory", "memory.png"))
    if extras.get("histogram") and extras["histogram"][1]:
        bars = extras["histogram"][1]
        gnuplot(report_dir / "histogram-jzenith-json.png", "jZenith /json latency histogram (hey, 64 connections)",
                "set style fill solid 0.8; set boxwidth 0.8 relative; set xlabel 'ms'; set ylabel 'responses'",
                ["'-' using 1:2 with boxes notitle"], ["\n".join(f"{ms} {count}" for ms, count in bars)])
        made.append(("histogram", "histogram-jzenith-json.png"))
    return made


def gnuplot(path, title, settings, plots_, blocks):
    script = (f"set terminal pngcairo size 900,500 noenhanced; set output '{path}'; set title '{title}';"
              f" set grid; {settings}; plot {', '.join(plots_)}\n" + "".join(block + "\ne\n" for block in blocks))
    subprocess.run(["gnuplot"], input=script, text=True, check=False, capture_output=True)


def ordered(apps):
    return sorted(apps, key=lambda a: (APP_ORDER.index(a) if a in APP_ORDER else len(APP_ORDER), a))


def ordered_endpoints(endpoints):
    order = ["plaintext", "json", "db", "queries", "fortunes", "updates", "users", "create"]
    return [e for e in order if e in endpoints]


def fmt(value):
    return "" if value is None else f"{value:.2f}"
