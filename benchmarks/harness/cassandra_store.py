#!/usr/bin/env python3
"""The user service on Cassandra beside PostgreSQL, as container.py runs each store (behind
benchmarks/cassandra.sh): its launcher inside a memory cgroup of each limit, pinned to CPU 0 with wrk
on CPU 1, an 80/20 GET/POST mix over the connections after seeding users; requests/s, p50/p99, RSS,
the cgroup's peak, and whether the kernel OOM-killed it. The Cassandra node is the dev service's
(jzenith-cassandra-server: one node, Java 17, 256 MiB heap, its commit log synced before a write is
acknowledged), outside the cgroup and unpinned, as PostgreSQL is. Results are kept in
benchmarks/results/cassandra/; the report goes to benchmarks/CASSANDRA.md. CONTAINER.md is not touched.
"""
import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import container  # noqa: E402 (the container run of one store in one limit)
import harness  # noqa: E402

ROOT = harness.ROOT
RESULTS = ROOT / "benchmarks" / "results" / "cassandra"
REPORT = ROOT / "benchmarks" / "CASSANDRA.md"
SERVER_JAR_GLOB = "jzenith-cassandra-server/target/jzenith-cassandra-server-*.jar"

original_prepare_store = container.prepare_store


def prepare_store(store, scratch):
    """A fresh Cassandra node for a run of store cassandra; the other stores as container.py makes them."""
    if store != "cassandra":
        return original_prepare_store(store, scratch)
    jar = next(ROOT.glob(SERVER_JAR_GLOB))
    java = Path(container.java_home()) / "bin" / "java"
    node = subprocess.Popen([str(java), "-cp", str(jar), str(ROOT / "benchmarks/harness/CassandraNodeServe.java"),
                             str(scratch / "cassandra")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    container.CLEANUP.push("the Cassandra node", lambda: container.stop_process(node, timeout=60))
    deadline = time.monotonic() + 200
    for line in node.stdout:
        if line.startswith("READY "):
            point = line.split()[1]
            return ["--cassandra.contact-points=" + point, "--cassandra.local-datacenter=datacenter1",
                    "--cassandra.keyspace-replication={'class': 'SimpleStrategy', 'replication_factor': 1}"]
        if time.monotonic() > deadline:
            break
    raise RuntimeError("the Cassandra node did not start: " + "".join(node.stdout.readlines()[-5:]))


container.prepare_store = prepare_store


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duration", type=container.seconds, default=60, help="load per configuration (default 60 s)")
    parser.add_argument("--warmup", type=container.seconds, default=10)
    parser.add_argument("--limits", default="128,512", help="memory limits in MiB (default 128,512)")
    parser.add_argument("--stores", default="postgresql,cassandra")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1000, help="users created before the load")
    parser.add_argument("--report-only", action="store_true", help="rewrite the report from the kept results")
    args = parser.parse_args()
    args.java_opts = ""
    args.plain_launcher = str(container.DEFAULT_PLAIN_LAUNCHER)
    launcher = container.DEFAULT_LAUNCHER.resolve()
    hierarchy = container.Cgroup.hierarchy()
    if not hierarchy[0]:
        sys.exit(f"no memory cgroup: {hierarchy[1]} (run as root)")
    command = os.environ.get("CASSANDRA_BENCH_COMMAND", " ".join(["benchmarks/cassandra.sh", *sys.argv[1:]]))
    RESULTS.mkdir(parents=True, exist_ok=True)
    meta_json = RESULTS / "meta.json"
    if args.report_only:
        meta = json.loads(meta_json.read_text())
        runs = [json.loads((RESULTS / f"{store}-{limit}.json").read_text())
                for store in meta["stores"].split(",") for limit in meta["limits"].split(",")]
        write_report(runs, argparse.Namespace(**meta["args"]), meta["command"], hierarchy, meta["date"])
        return
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")
    meta_json.write_text(json.dumps({"command": command, "date": date, "stores": args.stores, "limits": args.limits,
                                     "args": {k: getattr(args, k) for k in ("duration", "warmup", "connections",
                                                                            "seed")}}))
    runs = []
    try:
        if "postgresql" in args.stores:
            container.drop_stale_databases()
        for store in args.stores.split(","):
            for limit in [int(x) for x in args.limits.split(",")]:
                result = container.run_configuration(store, limit, args, hierarchy, launcher, RESULTS)
                (RESULTS / f"{store}-{limit}.json").write_text(json.dumps(result, indent=1))
                runs.append(result)
    finally:
        container.CLEANUP.run()
    write_report(runs, args, command, hierarchy, date)


def write_report(runs, args, command, hierarchy, date):
    lines = ["# The user service on Cassandra beside PostgreSQL", "",
             f"Measured by `{command}` from {date} UTC (commit {runs[0].get('commit', '') if runs else ''}). Do not edit"
             " by hand: run it again.",
             "",
             f"- Machine: {harness.machine()}; memory cgroup {hierarchy[0]} (only the service's JVM in it).",
             "- The service: `examples/user-service/target/user-service/bin/user-service` (its launcher, which sizes"
             " the JVM from the cgroup), pinned to CPU 0; wrk on CPU 1"
             f" (`wrk -t1 -c{args.connections} --timeout 5s`), an 80/20 GET/POST mix over {args.seed} seeded users,"
             f" {args.warmup} s of warm-up, then {args.duration} s measured.",
             "- PostgreSQL: a fresh database on the machine's PostgreSQL 15 (reactive client, `user.store=postgresql`)."
             " Cassandra: a fresh node of jzenith-cassandra-server (Cassandra 5.0.6 on Java 17, 256 MiB heap, one"
             " node, its commit log synced before a write is acknowledged, both JIT compilers unlike the dev service's), `user.store=cassandra` at LOCAL_QUORUM."
             " Neither store is in the cgroup or pinned: they share the machine's two CPUs with the service and wrk.",
             "- Start-up is from launching the service to its first good answer; on Cassandra it includes creating the"
             " keyspace and applying the migration on the fresh node (schema changes wait for the node to agree).",
             "- The launcher chooses the JVM's settings from the limit (in 128 MiB: `-Xmx32m`, C1 only, no AOT"
             " cache); each run's are in its JSON (`jvm`).",
             "- The machine is shared with other builds: compare the rows of one run, not runs.", "",
             "| store | limit | outcome | start-up | RSS after start | requests/s | p50 | p99 | non-2xx / errors |"
             " cgroup peak |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in runs:
        m = r.get("result") or {}
        lines.append(
            f"| {r['store']} | {r['limit_mib']} MiB | {r.get('outcome', '')} | {r.get('startup_ms', '')} ms |"
            f" {r.get('rss_start_mb', '')} MB | {m.get('rps', 0):.0f} | {m.get('p50', '')} ms | {m.get('p99', '')} ms |"
            f" {m.get('non_2xx', '')} / {m.get('errors', '')} | {r.get('cgroup_peak_mib', '')} MiB |")
    lines += ["", "The service's command line per run is in `benchmarks/results/cassandra/STORE-LIMIT.json`"
              " (`command`), its log beside it.", ""]
    REPORT.write_text("\n".join(lines))
    print(f"wrote {REPORT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
