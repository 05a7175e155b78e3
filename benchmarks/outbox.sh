#!/usr/bin/env bash
# What the transactional outbox costs POST /users: the user service's distribution on its embedded
# H2 with user.events=none (no event), outbox (the event written in the user's transaction and
# relayed to Kafka after the commit) and kafka (the emitter, each request waiting for the broker's
# acknowledgement after its commit), paired: the variants interleaved in rounds (their order rotated
# each round, a fresh JVM and database per run, WARMUP s of warm-up (30 by default), then DURATION s
# measured with wrk and
# benchmarks/harness/post-users.lua, 16 connections). The service runs on CPU 0; wrk and the broker
# (a KRaft node from the audit service's lib/, benchmarks/harness/kafka-broker.sh) share CPU 1.
# Writes benchmarks/OUTBOX.md (OUTBOX-POSTGRESQL.md for OUTBOX_STORE=postgresql): medians of
# requests/s, CPU per request, p50 and p99, and the ratios to none.
# Then the commit-to-consume latency: the user service with user.events=outbox (CPU 0) and the audit
# service consuming (CPU 1, with wrk and the broker), DURATION s of POST /users paced below what the
# audit service keeps up with (benchmarks/harness/post-users-paced.lua: each connection waits 20 ms
# after each answer) with 1 connection, then DURATION s with 8; for each event, from the outbox row's created_at (set by publish inside the
# user's transaction, just before its commit) to the audit service's inbox row's received_at (set in
# the transaction that applies it), both epoch ms of this machine's clock, read from the two H2
# databases after the services stopped. Percentiles per phase.
#
# Each run also records the service's own CPU time (user + system, from /proc/PID/stat) per request:
# on a shared machine the steadier measure of what the outbox adds, since wall-clock throughput also
# holds the waits for a CPU that other processes had. On PostgreSQL it records the server's CPU time
# per request as well (every server process, from /proc), since there the database's work is not the
# service's.
# OUTBOX_STORE=postgresql runs the rounds on the reactive PostgreSQL plugin instead of H2, against a
# PostgreSQL cluster of the run's own (initdb and pg_ctl of the machine's PostgreSQL, on a free port,
# with wal_level=logical and the server's other settings as initdb makes them; a fresh database per
# run; psql must be there): the database's work then runs in its own processes, as in production, not
# on the service's CPU, and its CPU is that cluster's alone. There the variants are none, outbox (the
# table store), log (outbox.mode=log: the event written with pg_logical_emit_message and relayed from
# a logical replication slot) and kafka. The commit-to-consume latency below is measured on H2 only.
#
#   BENCH_PORTS=22000-22999 benchmarks/outbox.sh [ROUNDS] [DURATION]   e.g. 3 15 (~5 minutes)
#   OUTBOX_STORE=postgresql benchmarks/outbox.sh 3 15                  # the rounds on PostgreSQL
#   BENCH_NO_BUILD=1 benchmarks/outbox.sh 3 15                         # the distributions as built last
#   benchmarks/outbox.sh --report-only ROUNDS DURATION STARTED          # rewrite OUTBOX.md from results/outbox/
set -euo pipefail
cd "$(dirname "$0")/.."
name=outbox
[ "${OUTBOX_STORE:-h2}" = h2 ] || name=outbox-${OUTBOX_STORE}
out_md=benchmarks/$(echo "$name" | tr '[:lower:]' '[:upper:]').md
out_dir=benchmarks/results/$name
report() { # rounds duration started
WARMUP="${WARMUP:-30}" STORE="${OUTBOX_STORE:-h2}" STARTED="$3" ROUNDS=$1 DURATION=$2 python3 - "$out_dir/runs.jsonl" >"$out_md" <<'PY'
import json, os, statistics, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
def values(variant, key):
    return [run[key] for run in runs if run["variant"] == variant]
def median(variant, key):
    return statistics.median(values(variant, key))
base = median("none", "rps")
store = os.environ["STORE"]
where = ("its embedded H2" if store == "h2" else
         "the reactive PostgreSQL plugin with a fresh database per run on a PostgreSQL cluster of the run's own"
         " (wal_level=logical, on CPU 1)")
prefix = "" if store == "h2" else f"OUTBOX_STORE={store} "
print("# What the outbox costs POST /users\n")
print(f"`{prefix}BENCH_PORTS=22000-22999 benchmarks/outbox.sh {os.environ['ROUNDS']} {os.environ['DURATION']}`,"
      f" started {os.environ['STARTED']}: the user service on {where} (CPU 0), wrk with 16 connections and the"
      f" Kafka broker on CPU 1, the variants interleaved, {os.environ['WARMUP']} s of warm-up, medians of the rounds. CPU per request is the"
      " service's own (user + system) over the measured seconds, divided by the requests answered.\n")
with_cpu = all("cpu_us" in run for run in runs)
cpu_base = median("none", "cpu_us") if with_cpu else None
with_db = all("db_cpu_us" in run for run in runs)
if with_db:
    print("PostgreSQL CPU is the run's own cluster's (every server process, and the backends that ended) over"
          " the same seconds, divided by the same requests: the database's share of the cost, which H2 keeps"
          " inside the service. `log` is `user.events=outbox` with `outbox.mode=log`: no outbox row, the event"
          " written with `pg_logical_emit_message` and relayed from a logical replication slot (its walsender's"
          " CPU counts as PostgreSQL's, the relay's as the service's).\n")
db_header = " PostgreSQL CPU µs/request | vs none |" if with_db else ""
print("| user.events | requests/s | lowest..highest run | vs none | CPU µs/request | vs none |" + db_header
      + " p50 ms | p99 ms | non-2xx |")
print("| --- | ---: | ---: | ---: | ---: | ---: |" + (" ---: | ---: |" if with_db else "") + " ---: | ---: | ---: |")
spread = 0.0
cpu_spread = 0.0
for variant in [v for v in ("none", "outbox", "log", "kafka") if values(v, "rps")]:
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
    print(f"| {variant} | {rps:.0f} | {low:.0f}..{high:.0f} | {rps / base:.2f}x | {cpu} |"
          f" {median(variant, 'p50_ms'):.2f} | {median(variant, 'p99_ms'):.2f} | {errors} |")
latency_file = os.path.join(os.path.dirname(sys.argv[1]), "latency.json")
if values("log", "rps") and with_cpu and with_db:
    print("\n## Issue 36's goals for the log outbox, against no event\n")
    print("| goal | measured | |")
    print("| --- | ---: | --- |")
    goals = [("service CPU per request at most 1.15x", median("log", "cpu_us") / cpu_base, lambda r: r <= 1.15),
             ("PostgreSQL CPU per request at most 1.3x", median("log", "db_cpu_us") / median("none", "db_cpu_us"),
              lambda r: r <= 1.3),
             ("requests/s at least 0.85x", median("log", "rps") / base, lambda r: r >= 0.85)]
    for goal, ratio, met in goals:
        print(f"| {goal} | {ratio:.2f}x | {'met' if met(ratio) else 'missed'} |")
    print("| commit-to-broker p99 at most 50 ms at 1,000 events/s | not measured by this run | inconclusive |")
    print("| less total CPU per event than Debezium embedded | Debezium not run | inconclusive |")
if spread > 1.3 and with_cpu and cpu_spread <= 1.3:
    print(f"\nRequests/s of one variant differ up to {spread:.1f}x between runs (the machine is shared), but"
          f" CPU per request at most {cpu_spread:.2f}x: read the cost from the CPU column.")
elif spread > 1.3:
    print(f"\n**Inconclusive:** runs of one variant differ up to {spread:.1f}x, more than the effect to"
          " measure (the goal is at most 15% for the outbox); the machine was not quiet. Run it again on an idle"
          " machine before reading the ratios.")
print("\nEach run:\n")
print("| round | user.events | requests/s | CPU µs/request |" + (" PostgreSQL CPU µs/request |" if with_db else "")
      + " p50 ms | p99 ms |")
print("| ---: | --- | ---: | ---: |" + (" ---: |" if with_db else "") + " ---: | ---: |")
for run in runs:
    cpu = f"{run['cpu_us']:.0f}" if "cpu_us" in run else ""
    if with_db:
        cpu += f" | {run['db_cpu_us']:.0f}"
    print(f"| {run['round']} | {run['variant']} | {run['rps']:.0f} | {cpu} | {run['p50_ms']:.2f} |"
          f" {run['p99_ms']:.2f} |")
if os.path.exists(latency_file):
    phases = json.load(open(latency_file))
    print("\n## Commit-to-consume latency\n")
    print("From each outbox row's `created_at` (written by `publish` in the user's transaction, just before its"
          " commit) to the audit service's inbox row's `received_at` (written in the transaction that applies the"
          " event), both epoch milliseconds of one clock: the user service with `user.events=outbox` on CPU 0, the"
          " audit service, wrk and the broker on CPU 1, one run after the rounds above, its phases one after the"
          " other, each paced below what the audit service keeps up with (a backlog would measure the consumer's"
          " throughput instead). Millisecond resolution.\n")
    print("| load (wrk, paced) | events/s | events published | consumed | p50 ms | p99 ms | max ms |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for phase in phases:
        print(f"| {phase['phase']} | {phase['rate']:.0f} | {phase['published']} | {phase['consumed']} |"
              f" {phase['p50_ms']:.0f} | {phase['p99_ms']:.0f} | {phase['max_ms']:.0f} |")
PY
}
if [ "${1-}" = --report-only ]; then
  report "$2" "$3" "$4"
  cat "$out_md"
  exit 0
fi
rounds=${1:-3}
duration=${2:-15}
# Long enough for the JIT: a profile of the outbox variant after 8 s of load still had C2 compiling
# on a third of the service's CPU, and the variants have different amounts of code to compile.
warmup=${WARMUP:-30}
ports=${BENCH_PORTS:-25000-25999}
base=${ports%-*}
broker_port=$base
controller_port=$((base + 1))
port=$((base + 2))
. scripts/jdk.sh
. benchmarks/harness/kafka-broker.sh
export JAVA_HOME
for tool in wrk taskset python3 curl; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install -y $tool" >&2; exit 1; }
done
if [ "${BENCH_NO_BUILD-}" != 1 ]; then
  ./mvnw -q -B package -DskipTests -pl examples/user-service,examples/audit-service -am
fi
launcher=examples/user-service/target/user-service/bin/user-service
started_at=$(date -u '+%Y-%m-%d %H:%M UTC')
work=$(mktemp -d /tmp/jz-outbox-XXXXXX)
broker_pid=
service_pid=
cleanup() {
  [ -z "$service_pid" ] || { kill "$service_pid" 2>/dev/null || true; wait "$service_pid" 2>/dev/null || true; }
  [ -z "$broker_pid" ] || { kill "$broker_pid" 2>/dev/null || true; wait "$broker_pid" 2>/dev/null || true; }
  rm -rf "$work"
}
trap cleanup EXIT

kafka_broker_start "examples/audit-service/target/lib/*" "$work" "$broker_port" "$controller_port" taskset -c 1
bootstrap=127.0.0.1:$broker_port

mkdir -p "$out_dir"
results=$out_dir/runs.jsonl
: >"$results"
variants=(none outbox kafka)
store=${OUTBOX_STORE:-h2}
database=
pg_port=$((base + 4))
pg_data=$work/pgdata
pg_bin=${JZENITH_POSTGRESQL_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)}
# PostgreSQL refuses to run as root: then the cluster is the system user postgres's.
pg_as=()
[ "$(id -u)" != 0 ] || pg_as=(runuser -u postgres --)
psql_do() { PGOPTIONS="-c client_min_messages=warning" psql -X -q -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -v ON_ERROR_STOP=1 -c "$1" >/dev/null; }
pg_stop() { [ ! -f "$pg_data/postmaster.pid" ] || "${pg_as[@]}" "$pg_bin/pg_ctl" stop -D "$pg_data" -m fast -w -s || true; }
case "$store" in
  h2) ;;
  postgresql)
    command -v psql >/dev/null || { echo "psql is missing: apt-get install -y postgresql-client" >&2; exit 1; }
    variants=(none outbox log kafka)
    mkdir -p "$pg_data"
    [ "$(id -u)" != 0 ] || chown postgres "$work" "$pg_data"
    "${pg_as[@]}" "$pg_bin/initdb" -D "$pg_data" -U postgres -A trust -E UTF8 --locale=C >"$work/initdb.log" 2>&1 \
      || { cat "$work/initdb.log" >&2; exit 1; }
    printf "port = %s\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\nwal_level = logical\n" \
      "$pg_port" >>"$pg_data/postgresql.conf"
    # The server on CPU 1, with wrk and the broker, as the service has CPU 0 to itself.
    taskset -c 1 "${pg_as[@]}" "$pg_bin/pg_ctl" start -D "$pg_data" -l "$pg_data/server.log" -w -s \
      || { tail -20 "$pg_data/server.log" >&2; exit 1; }
    trap '[ -z "$database" ] || psql_do "DROP DATABASE IF EXISTS $database WITH (FORCE)" || true; pg_stop; cleanup' EXIT ;;
  *) echo "OUTBOX_STORE must be h2 or postgresql, not '$store'" >&2; exit 2 ;;
esac
variant_count=${#variants[@]}
# The service's CPU time (user + system) in clock ticks, from /proc/PID/stat (fields 14 and 15; the
# command name before them may hold spaces, so they are counted after its closing parenthesis).
cpu_ticks() { sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; }
# PostgreSQL's CPU time in clock ticks: every live server process's own, plus what the postmaster
# reaped from the backends that ended (its cutime and cstime, fields 16 and 17).
pg_cpu_ticks() {
  local main
  main=$(head -1 "$pg_data/postmaster.pid")
  { sed 's/.*) //' "/proc/$main/stat" | awk '{ print $12 + $13 + $14 + $15 }'
    for pid in $(pgrep -P "$main"); do sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null | awk '{ print $12 + $13 }'; done
  } | awk '{ total += $1 } END { print total }'
}
for round in $(seq 1 "$rounds"); do
  for i in $(seq 0 $((variant_count - 1))); do
    variant=${variants[$(((i + round) % variant_count))]}
    if [ "$store" = h2 ]; then
      store_args=(--jdbc.embedded.directory="$work/h2-$variant-$round")
    else
      database="jz_bench_outbox_$$_${variant}_$round"
      psql_do "DROP DATABASE IF EXISTS $database WITH (FORCE)"
      psql_do "CREATE DATABASE $database"
      store_args=(--user.store=postgresql --postgresql.host=127.0.0.1 --postgresql.port="$pg_port"
        --postgresql.username=postgres --postgresql.database="$database")
    fi
    events=$variant
    if [ "$variant" = log ]; then events=outbox; store_args+=(--outbox.mode=log); fi
    taskset -c 0 "$launcher" --rest.port="$port" --user.events="$events" --kafka.bootstrap-servers="$bootstrap" \
      "${store_args[@]}" >"$work/service-$variant-$round.log" 2>&1 &
    service_pid=$!
    for _ in $(seq 1 600); do
      curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null && break
      kill -0 "$service_pid" 2>/dev/null || { tail -30 "$work/service-$variant-$round.log" >&2; exit 1; }
      sleep 0.1
    done
    taskset -c 1 wrk -t1 -c16 -d"${warmup}s" -s benchmarks/harness/post-users.lua "http://127.0.0.1:$port/users" >/dev/null
    ticks=$(cpu_ticks "$service_pid")
    db_ticks=0
    [ "$store" = h2 ] || db_ticks=$(pg_cpu_ticks)
    out=$(taskset -c 1 wrk -t1 -c16 -d"${duration}s" --latency -s benchmarks/harness/post-users.lua "http://127.0.0.1:$port/users")
    ticks=$(($(cpu_ticks "$service_pid") - ticks))
    [ "$store" = h2 ] || db_ticks=$(($(pg_cpu_ticks) - db_ticks))
    kill "$service_pid"; wait "$service_pid" 2>/dev/null || true; service_pid=
    if [ -n "$database" ]; then
      # A database with a replication slot cannot be dropped: the log variant's slot goes first.
      psql_do "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE database = '$database'"
      psql_do "DROP DATABASE IF EXISTS $database WITH (FORCE)"; database=
    fi
    VARIANT=$variant ROUND=$round OUT=$out TICKS=$ticks DB_TICKS=$db_ticks STORE=$store HZ=$(getconf CLK_TCK) \
      python3 - >>"$results" <<'PY'
import json, os, re
out = os.environ["OUT"]
requests = int(re.search(r"(\d+) requests in", out).group(1))
def millis(text):
    value, unit = re.match(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", out, re.M))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
run = {"variant": os.environ["VARIANT"], "round": int(os.environ["ROUND"]),
       "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
       "p50_ms": millis(latency["50"]), "p99_ms": millis(latency["99"]),
       "errors": int(errors.group(1)) if errors else 0,
       "cpu_us": int(os.environ["TICKS"]) * 1e6 / int(os.environ["HZ"]) / max(requests, 1)}
if os.environ["STORE"] != "h2":
    run["db_cpu_us"] = int(os.environ["DB_TICKS"]) * 1e6 / int(os.environ["HZ"]) / max(requests, 1)
print(json.dumps(run))
PY
    tail -1 "$results" >&2
  done
done

if [ "$store" != h2 ]; then
  report "$rounds" "$duration" "$started_at"
  python3 -c 'import sys; sys.path.insert(0, "benchmarks/harness"); import report, pathlib; report.splice(pathlib.Path("benchmarks/RESULTS.md"), "outbox-postgresql")'
  cat "$out_md"
  exit 0
fi

# Commit-to-consume latency (see the head of this file).
rm -f benchmarks/results/outbox/latency.json
audit_port=$((base + 3))
audit_launcher=examples/audit-service/target/audit-service/bin/audit-service
# A topic of its own: the rounds' events on users.events would be a backlog ahead of these.
topic='--kafka.channels."users.events".topic=users.latency'
taskset -c 1 "$audit_launcher" --rest.port="$audit_port" --kafka.bootstrap-servers="$bootstrap" "$topic" \
  --jdbc.embedded.directory="$work/h2-audit" >"$work/audit.log" 2>&1 &
audit_pid=$!
trap '[ -z "$audit_pid" ] || kill "$audit_pid" 2>/dev/null || true; cleanup' EXIT
taskset -c 0 "$launcher" --rest.port="$port" --user.events=outbox --kafka.bootstrap-servers="$bootstrap" "$topic" \
  --jdbc.embedded.directory="$work/h2-latency" >"$work/service-latency.log" 2>&1 &
service_pid=$!
for pair in "$audit_port:$audit_pid:audit" "$port:$service_pid:service-latency"; do
  IFS=: read -r ready_port ready_pid ready_log <<<"$pair"
  for _ in $(seq 1 600); do
    curl -sf "http://127.0.0.1:$ready_port/health/ready" >/dev/null && break
    kill -0 "$ready_pid" 2>/dev/null || { tail -30 "$work/$ready_log.log" >&2; exit 1; }
    sleep 0.1
  done
done
taskset -c 1 wrk -t1 -c8 -d5s -s benchmarks/harness/post-users-paced.lua "http://127.0.0.1:$port/users" >/dev/null
sleep 5
phases=()
for connections in 1 8; do
  from=$(date +%s%3N)
  taskset -c 1 wrk -t1 -c"$connections" -d"${duration}s" -s benchmarks/harness/post-users-paced.lua \
    "http://127.0.0.1:$port/users" >/dev/null
  phases+=("$connections:$from:$(date +%s%3N)")
  sleep 3
done
sleep 5 # the last events reach the audit service; any that did not count as not consumed
kill "$service_pid"; wait "$service_pid" 2>/dev/null || true; service_pid=
kill "$audit_pid"; wait "$audit_pid" 2>/dev/null || true; audit_pid=
h2=$(ls examples/audit-service/target/lib/h2-*.jar)
h2_settings=";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE"
"$JAVA_HOME/bin/java" -cp "$h2" org.h2.tools.Shell -url "jdbc:h2:file:$work/h2-latency/jzenith$h2_settings" -user sa \
  -sql "CALL CSVWRITE('$work/published.csv', 'SELECT event_id, created_at FROM jzenith_outbox')" >/dev/null
"$JAVA_HOME/bin/java" -cp "$h2" org.h2.tools.Shell -url "jdbc:h2:file:$work/h2-audit/jzenith$h2_settings" -user sa \
  -sql "CALL CSVWRITE('$work/consumed.csv', 'SELECT message_id, received_at FROM jzenith_inbox')" >/dev/null
PHASES="${phases[*]}" python3 - "$work/published.csv" "$work/consumed.csv" >benchmarks/results/outbox/latency.json <<'PY'
import csv, json, os, sys
published = {row[0]: int(row[1]) for row in list(csv.reader(open(sys.argv[1])))[1:]}
consumed = {row[0]: int(row[1]) for row in list(csv.reader(open(sys.argv[2])))[1:]}
def percentile(values, p):
    return values[min(len(values) - 1, int(len(values) * p / 100))] if values else float("nan")
result = []
for phase in os.environ["PHASES"].split():
    connections, start, end = (int(part) for part in phase.split(":"))
    ids = [event for event, at in published.items() if start <= at <= end]
    latencies = sorted(consumed[event] - published[event] for event in ids if event in consumed)
    result.append({"phase": f"{connections} connection{'s' if connections > 1 else ''}, 20 ms pause each",
                   "rate": len(ids) * 1000 / (end - start), "published": len(ids),
                   "consumed": len(latencies), "p50_ms": percentile(latencies, 50),
                   "p99_ms": percentile(latencies, 99), "max_ms": percentile(latencies, 100)})
print(json.dumps(result))
PY
cat benchmarks/results/outbox/latency.json >&2

report "$rounds" "$duration" "$started_at"
python3 -c 'import sys; sys.path.insert(0, "benchmarks/harness"); import report, pathlib; report.splice(pathlib.Path("benchmarks/RESULTS.md"), "outbox")'
cat "$out_md"
