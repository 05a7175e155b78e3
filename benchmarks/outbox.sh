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
# a logical replication slot), kafka and debezium: the anchor, what teams run today, with the service
# writing a row of Debezium's outbox table in the user's transaction (user.events=debezium, no relay in
# the service) and Debezium's embedded engine (benchmarks/apps/debezium, 3.6.1.Final, its PostgreSQL
# connector and outbox event router) relaying it to the same broker from a JVM of its own on CPU 0,
# whose CPU time is recorded as the relay process's. Then, on PostgreSQL, the paced phase: each of
# PACED_VARIANTS (default "log debezium"; outbox may be added) again per round, on a fresh database,
# after the same warm-up with wrk, under an open loop of 1,000 POST /users per second over 32 kept-alive
# connections (benchmarks/harness/PacedPosts.java on CPU 1, given 5 s to start):
# CPU per event of the service, PostgreSQL and the relay process over DURATION s after the warm-up,
# and commit-to-broker latency, from each event's occurredAt (set just before the user's transaction
# commits) to the broker's append time of its first record on a topic of the run's own with
# message.timestamp.type=LogAppendTime (BrokerLatency in benchmarks/apps/debezium). The report judges
# issue 36's goals for the log outbox per round through benchmarks/harness/goals.py. The
# commit-to-consume latency below is measured on H2 only.
#
#   BENCH_PORTS=22000-22999 benchmarks/outbox.sh [ROUNDS] [DURATION]   e.g. 3 15 (~5 minutes)
#   OUTBOX_STORE=postgresql benchmarks/outbox.sh 3 15                  # the rounds on PostgreSQL, Debezium too
#   OUTBOX_STORE=postgresql PACED_VARIANTS="log outbox debezium" benchmarks/outbox.sh 3 15   # the table outbox paced too
#   OUTBOX_STORE=postgresql DEBEZIUM_POLL_MS=10 benchmarks/outbox.sh 3 15  # Debezium's poll.interval.ms (its default: 500)
#   OUTBOX_STORE=postgresql VARIANTS="none log" PACED_VARIANTS=log benchmarks/outbox.sh 1 5   # fewer variants
#   BENCH_KEEP_WORK=1 ...                                              # keep the logs, databases and broker data
#   BENCH_NO_BUILD=1 benchmarks/outbox.sh 3 15                         # the distributions as built last
#   benchmarks/outbox.sh --report-only ROUNDS DURATION STARTED          # rewrite OUTBOX.md from results/outbox/
set -euo pipefail
cd "$(dirname "$0")/.."
name=outbox
[ "${OUTBOX_STORE:-h2}" = h2 ] || name=outbox-${OUTBOX_STORE}
out_md=benchmarks/$(echo "$name" | tr '[:lower:]' '[:upper:]').md
out_dir=benchmarks/results/$name
report() { # rounds duration started
  WARMUP="${WARMUP:-30}" STORE="${OUTBOX_STORE:-h2}" STARTED="$3" ROUNDS=$1 DURATION=$2 \
    python3 benchmarks/harness/outbox_report.py "$out_dir" >"$out_md"
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
. benchmarks/harness/pg-cluster.sh
export JAVA_HOME
for tool in wrk taskset python3 curl; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install -y $tool" >&2; exit 1; }
done
if [ "${BENCH_NO_BUILD-}" != 1 ]; then
  ./mvnw -q -B package -DskipTests -pl examples/user-service,examples/audit-service -am
  # The anchor: a standalone app, never a dependency of jZenith's modules.
  [ "${OUTBOX_STORE:-h2}" = h2 ] || ./mvnw -q -B -f benchmarks/apps/debezium/pom.xml clean package -DskipTests
fi
launcher=examples/user-service/target/user-service/bin/user-service
started_at=$(date -u '+%Y-%m-%d %H:%M UTC')
work=$(mktemp -d /tmp/jz-outbox-XXXXXX)
broker_pid=
service_pid=
dbz_pid=
load_pid=
cleanup() {
  [ -z "$load_pid" ] || { kill "$load_pid" 2>/dev/null || true; wait "$load_pid" 2>/dev/null || true; }
  [ -z "$service_pid" ] || { kill "$service_pid" 2>/dev/null || true; wait "$service_pid" 2>/dev/null || true; }
  [ -z "$dbz_pid" ] || { kill "$dbz_pid" 2>/dev/null || true; wait "$dbz_pid" 2>/dev/null || true; }
  [ -z "$broker_pid" ] || { kill "$broker_pid" 2>/dev/null || true; wait "$broker_pid" 2>/dev/null || true; }
  if [ "${BENCH_KEEP_WORK-}" = 1 ]; then echo "kept $work" >&2; else rm -rf "$work"; fi
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
psql_do() { PGOPTIONS="-c client_min_messages=warning" psql -X -q -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -v ON_ERROR_STOP=1 -c "$1" >/dev/null; }
case "$store" in
  h2) ;;
  postgresql)
    # The server on CPU 1, with wrk and the broker, as the service has CPU 0 to itself.
    pg_cluster_start "$pg_data" "$pg_port" taskset -c 1
    read -r -a variants <<<"${VARIANTS:-none outbox log kafka debezium}"
    trap '[ -z "$dbz_pid" ] || { kill "$dbz_pid"; wait "$dbz_pid"; } 2>/dev/null || true; dbz_pid=
      [ -z "$database" ] || psql_do "DROP DATABASE IF EXISTS $database WITH (FORCE)" || true; pg_cluster_stop; cleanup' EXIT ;;
  *) echo "OUTBOX_STORE must be h2 or postgresql, not '$store'" >&2; exit 2 ;;
esac
variant_count=${#variants[@]}
psql_in() { PGOPTIONS="-c client_min_messages=warning" psql -X -q -h 127.0.0.1 -p "$pg_port" -U postgres -d "$1" -v ON_ERROR_STOP=1 -c "$2" >/dev/null; }
# Drops the run's database, its replication slots first (benchmarks/harness/pg-cluster.sh).
drop_database() { pg_cluster_drop_database "$database"; database=; }
dbz_app=benchmarks/apps/debezium/target
dbz_java() {
  "$JAVA_HOME/bin/java" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$dbz_app/lib/*:$dbz_app/debezium-benchmark.jar" "$@"
}
# Debezium's outbox table in the run's database (made once the service has migrated it: Flyway wants
# an empty schema), and Debezium relaying it to TOPIC, on CPU 0 with the service; returns once its
# connector streams (its slot made). Sets dbz_pid.
dbz_start() { # database topic folder
  mkdir -p "$3"
  psql_in "$1" "CREATE TABLE outboxevent (id uuid PRIMARY KEY, aggregatetype varchar(255) NOT NULL,
    aggregateid varchar(255) NOT NULL, type varchar(255) NOT NULL, payload text)"
  taskset -c 0 "$JAVA_HOME/bin/java" -cp "$dbz_app/lib/*:$dbz_app/debezium-benchmark.jar" \
    org.jzenith.benchmarks.debezium.DebeziumRelay host=127.0.0.1 port="$pg_port" database="$1" user=postgres \
    bootstrap="$bootstrap" topic="$2" work="$3" ${DEBEZIUM_POLL_MS:+poll-interval-ms=$DEBEZIUM_POLL_MS} \
    >"$3/debezium.log" 2>&1 &
  dbz_pid=$!
  for _ in $(seq 1 1200); do
    [ -f "$3/ready" ] && return 0
    kill -0 "$dbz_pid" 2>/dev/null || { tail -30 "$3/debezium.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "Debezium did not stream within 120 s" >&2; tail -30 "$3/debezium.log" >&2; exit 1
}
dbz_stop() { [ -z "$dbz_pid" ] || { kill "$dbz_pid" 2>/dev/null || true; wait "$dbz_pid" 2>/dev/null || true; dbz_pid=; }; }
# The user service on CPU 0 with ARGS; returns once it is ready. Sets service_pid.
service_start() { # log args...
  local log=$1
  shift
  taskset -c 0 "$launcher" --rest.port="$port" --kafka.bootstrap-servers="$bootstrap" "$@" >"$log" 2>&1 &
  service_pid=$!
  for _ in $(seq 1 600); do
    curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null && return 0
    kill -0 "$service_pid" 2>/dev/null || { tail -30 "$log" >&2; exit 1; }
    sleep 0.1
  done
  echo "the user service did not get ready within 60 s" >&2; tail -30 "$log" >&2; exit 1
}
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
    service_start "$work/service-$variant-$round.log" --user.events="$events" "${store_args[@]}"
    # After the service: its migrations want the schema to themselves.
    if [ "$variant" = debezium ]; then dbz_start "$database" users.events "$work/debezium-$round"; fi
    taskset -c 1 wrk -t1 -c16 -d"${warmup}s" -s benchmarks/harness/post-users.lua "http://127.0.0.1:$port/users" >/dev/null
    ticks=$(cpu_ticks "$service_pid")
    db_ticks=0
    [ "$store" = h2 ] || db_ticks=$(pg_cpu_ticks)
    relay_ticks=
    [ -z "$dbz_pid" ] || relay_ticks=$(cpu_ticks "$dbz_pid")
    out=$(taskset -c 1 wrk -t1 -c16 -d"${duration}s" --latency -s benchmarks/harness/post-users.lua "http://127.0.0.1:$port/users")
    ticks=$(($(cpu_ticks "$service_pid") - ticks))
    [ "$store" = h2 ] || db_ticks=$(($(pg_cpu_ticks) - db_ticks))
    [ -z "$dbz_pid" ] || relay_ticks=$(($(cpu_ticks "$dbz_pid") - relay_ticks))
    kill "$service_pid"; wait "$service_pid" 2>/dev/null || true; service_pid=
    dbz_stop
    [ -z "$database" ] || drop_database
    VARIANT=$variant ROUND=$round OUT=$out TICKS=$ticks DB_TICKS=$db_ticks RELAY_TICKS=$relay_ticks STORE=$store \
      HZ=$(getconf CLK_TCK) python3 - >>"$results" <<'PY'
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
if os.environ["RELAY_TICKS"]:
    run["relay_cpu_us"] = int(os.environ["RELAY_TICKS"]) * 1e6 / int(os.environ["HZ"]) / max(requests, 1)
print(json.dumps(run))
PY
    tail -1 "$results" >&2
  done
done

if [ "$store" != h2 ]; then
  # The paced phase (see the head of this file).
  paced_results=$out_dir/paced.jsonl
  : >"$paced_results"
  read -r -a paced <<<"${PACED_VARIANTS:-log debezium}"
  for round in $(seq 1 "$rounds"); do
    for i in $(seq 0 $((${#paced[@]} - 1))); do
      variant=${paced[$(((i + round) % ${#paced[@]}))]}
      database="jz_bench_outbox_$$_paced_${variant}_$round"
      topic="users.paced.$variant.$round.$$"
      psql_do "DROP DATABASE IF EXISTS $database WITH (FORCE)"
      psql_do "CREATE DATABASE $database"
      dbz_java org.jzenith.benchmarks.debezium.BrokerLatency create bootstrap="$bootstrap" topic="$topic"
      args=(--user.store=postgresql --postgresql.host=127.0.0.1 --postgresql.port="$pg_port"
        --postgresql.username=postgres --postgresql.database="$database")
      case $variant in
        debezium) args+=(--user.events=debezium) ;;
        log) args+=(--user.events=outbox --outbox.mode=log "--kafka.channels.\"users.events\".topic=$topic") ;;
        outbox) args+=(--user.events=outbox "--kafka.channels.\"users.events\".topic=$topic") ;;
        *) echo "PACED_VARIANTS holds log, outbox or debezium, not '$variant'" >&2; exit 2 ;;
      esac
      service_start "$work/service-paced-$variant-$round.log" "${args[@]}"
      [ "$variant" != debezium ] || dbz_start "$database" "$topic" "$work/debezium-paced-$round"
      # The warm-up as in the rounds (a cold JIT would not keep up with the open loop, whose queue then
      # never drains), then the open loop, given 5 s to start (it compiles itself) and settle.
      taskset -c 1 wrk -t1 -c16 -d"${warmup}s" -s benchmarks/harness/post-users.lua "http://127.0.0.1:$port/users" >/dev/null
      load=$work/load-paced-$variant-$round
      taskset -c 1 "$JAVA_HOME/bin/java" -XX:TieredStopAtLevel=1 benchmarks/harness/PacedPosts.java \
        "http://127.0.0.1:$port" 1000 32 $((duration + 7)) "$load.csv" 2>"$load.log" &
      load_pid=$!
      sleep 5
      ticks=$(cpu_ticks "$service_pid")
      db_ticks=$(pg_cpu_ticks)
      relay_ticks=
      [ -z "$dbz_pid" ] || relay_ticks=$(cpu_ticks "$dbz_pid")
      from=$(date +%s%3N)
      sleep "$duration"
      to=$(date +%s%3N)
      ticks=$(($(cpu_ticks "$service_pid") - ticks))
      db_ticks=$(($(pg_cpu_ticks) - db_ticks))
      [ -z "$dbz_pid" ] || relay_ticks=$(($(cpu_ticks "$dbz_pid") - relay_ticks))
      wait "$load_pid" || { tail -20 "$load.log" >&2; exit 1; }
      load_pid=
      latency=$(dbz_java org.jzenith.benchmarks.debezium.BrokerLatency measure bootstrap="$bootstrap" topic="$topic" \
        from="$from" to="$to")
      kill "$service_pid"; wait "$service_pid" 2>/dev/null || true; service_pid=
      dbz_stop
      drop_database
      VARIANT=$variant ROUND=$round FROM=$from TO=$to TICKS=$ticks DB_TICKS=$db_ticks RELAY_TICKS=$relay_ticks \
        LATENCY=$latency HZ=$(getconf CLK_TCK) python3 - "$load.csv" >>"$paced_results" <<'PY'
import csv, json, os, sys
start, end = int(os.environ["FROM"]), int(os.environ["TO"])
published = sum(1 for row in csv.DictReader(open(sys.argv[1]))
                if row["method"] == "POST" and row["status"] == "201" and start <= int(row["due_ms"]) <= end)
per_event = lambda ticks: int(ticks) * 1e6 / int(os.environ["HZ"]) / max(published, 1)
latency = json.loads(os.environ["LATENCY"])
run = {"variant": os.environ["VARIANT"], "round": int(os.environ["ROUND"]), "published": published,
       "rate": published * 1000 / (end - start), "at_broker": latency["events"],
       "cpu_us": per_event(os.environ["TICKS"]), "db_cpu_us": per_event(os.environ["DB_TICKS"]),
       "p50_ms": latency["p50_ms"], "p99_ms": latency["p99_ms"], "max_ms": latency["max_ms"]}
if os.environ["RELAY_TICKS"]:
    run["relay_cpu_us"] = per_event(os.environ["RELAY_TICKS"])
print(json.dumps(run))
PY
      tail -1 "$paced_results" >&2
    done
  done
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
