#!/usr/bin/env bash
# Where the outbox's cost goes: the user service's distribution with each of VARIANTS (default
# "none outbox": user.events=none, then user.events=outbox; on PostgreSQL "log" runs
# user.events=outbox with outbox.mode=log), each under POST /users as in benchmarks/outbox.sh (the service on CPU 0; wrk
# with 16 connections and the Kafka broker on CPU 1; WARMUP s of warm-up, 30 by default), then
# DURATION s recorded by Flight Recorder's CPU-time sampler (jdk.CPUTimeSample, JDK 25: a sample per
# 2 ms of CPU on any thread, in Java or in a system call) while /proc/PID/stat measures the service's
# CPU per request. benchmarks/harness/outbox_profile.py splits that CPU into parts of the work by
# thread and stack. Writes benchmarks/OUTBOX-PROFILE.md (OUTBOX-POSTGRESQL-PROFILE.md for
# OUTBOX_STORE=postgresql, on a fresh database of a PostgreSQL cluster of the run's own on CPU 1, with
# wal_level=logical: benchmarks/harness/pg-cluster.sh). One run of each variant, with the recorder on:
# read the parts, not the totals, which outbox.sh measures without it.
#
#   BENCH_PORTS=22000-22999 benchmarks/outbox-profile.sh [DURATION]      e.g. 20 (~3 minutes)
#   OUTBOX_STORE=postgresql BENCH_NO_BUILD=1 benchmarks/outbox-profile.sh 20
#   OUTBOX_STORE=postgresql VARIANTS="none outbox log" benchmarks/outbox-profile.sh 20   # the log outbox too
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-20}
warmup=${WARMUP:-30}
store=${OUTBOX_STORE:-h2}
case "$store" in
  h2) out_md=benchmarks/OUTBOX-PROFILE.md ;;
  postgresql) out_md=benchmarks/OUTBOX-POSTGRESQL-PROFILE.md ;;
  *) echo "OUTBOX_STORE must be h2 or postgresql, not '$store'" >&2; exit 2 ;;
esac
ports=${BENCH_PORTS:-25000-25999}
base=${ports%-*}
port=$((base + 2))
. scripts/jdk.sh
. benchmarks/harness/kafka-broker.sh
. benchmarks/harness/pg-cluster.sh
export JAVA_HOME
export PATH="$JAVA_HOME/bin:$PATH"
for tool in wrk taskset python3 curl jcmd jfr; do
  command -v "$tool" >/dev/null || { echo "$tool is missing" >&2; exit 1; }
done
if [ "${BENCH_NO_BUILD-}" != 1 ]; then
  ./mvnw -q -B package -DskipTests -pl examples/user-service,examples/audit-service -am
fi
launcher=examples/user-service/target/user-service/bin/user-service
started_at=$(date -u '+%Y-%m-%d %H:%M UTC')
work=$(mktemp -d /tmp/jz-outbox-profile-XXXXXX)
broker_pid=
service_pid=
database=
read -r -a variants <<<"${VARIANTS:-none outbox}"
for variant in "${variants[@]}"; do
  case "$variant" in
    none | outbox) ;;
    log) [ "$store" = postgresql ] || { echo "the log variant needs OUTBOX_STORE=postgresql" >&2; exit 2; } ;;
    *) echo "VARIANTS holds none, outbox and log, not '$variant'" >&2; exit 2 ;;
  esac
done
pg_port=$((base + 4))
psql_do() { PGOPTIONS="-c client_min_messages=warning" psql -X -q -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -v ON_ERROR_STOP=1 -c "$1" >/dev/null; }
cleanup() {
  [ -z "$service_pid" ] || { kill "$service_pid" 2>/dev/null || true; wait "$service_pid" 2>/dev/null || true; }
  [ -z "$broker_pid" ] || { kill "$broker_pid" 2>/dev/null || true; wait "$broker_pid" 2>/dev/null || true; }
  [ -z "$database" ] || psql_do "DROP DATABASE IF EXISTS $database WITH (FORCE)" || true
  pg_cluster_stop
  rm -rf "$work"
}
trap cleanup EXIT

kafka_broker_start "examples/audit-service/target/lib/*" "$work" "$base" "$((base + 1))" taskset -c 1
# The server on CPU 1, with wrk and the broker, as the service has CPU 0 to itself.
[ "$store" = h2 ] || pg_cluster_start "$work/pgdata" "$pg_port" taskset -c 1
cpu_ticks() { sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; }
arguments=()
for variant in "${variants[@]}"; do
  events=$variant
  if [ "$store" = h2 ]; then
    store_args=(--jdbc.embedded.directory="$work/h2-$variant")
  else
    database="jz_bench_profile_$$_$variant"
    psql_do "CREATE DATABASE $database"
    store_args=(--user.store=postgresql --postgresql.host=127.0.0.1 --postgresql.port="$pg_port"
      --postgresql.username=postgres --postgresql.database="$database")
    if [ "$variant" = log ]; then events=outbox; store_args+=(--outbox.mode=log); fi
  fi
  taskset -c 0 "$launcher" --rest.port="$port" --user.events="$events" --kafka.bootstrap-servers="127.0.0.1:$base" \
    "${store_args[@]}" >"$work/service-$variant.log" 2>&1 &
  service_pid=$!
  for _ in $(seq 1 600); do
    curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null && break
    kill -0 "$service_pid" 2>/dev/null || { tail -30 "$work/service-$variant.log" >&2; exit 1; }
    sleep 0.1
  done
  taskset -c 1 wrk -t1 -c16 -d"${warmup}s" -s benchmarks/harness/post-users.lua "http://127.0.0.1:$port/users" >/dev/null
  jcmd "$service_pid" JFR.start name=outbox-profile settings=default jdk.CPUTimeSample#enabled=true \
    jdk.CPUTimeSample#throttle=2ms >/dev/null
  ticks=$(cpu_ticks "$service_pid")
  taskset -c 1 wrk -t1 -c16 -d"${duration}s" -s benchmarks/harness/post-users.lua "http://127.0.0.1:$port/users" \
    >"$work/wrk-$variant.txt" &
  wrk_pid=$!
  if [ "$store" = postgresql ] && [ "$variant" != none ]; then
    # What the server's backends of this database are doing, sampled every 50 ms for half the window.
    for _ in $(seq 1 $((duration * 10))); do
      psql -X -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -Atc "SELECT state || ' · ' ||
          coalesce(wait_event_type || ':' || wait_event, 'on CPU') || ' · ' ||
          left(regexp_replace(query, '\s+', ' ', 'g'), 45) FROM pg_stat_activity
          WHERE datname = '$database' AND state <> 'idle' AND pid <> pg_backend_pid()"
      sleep 0.05
    done >"$work/activity-$variant.txt"
  fi
  wait "$wrk_pid"
  out=$(cat "$work/wrk-$variant.txt")
  ticks=$(($(cpu_ticks "$service_pid") - ticks))
  jcmd "$service_pid" JFR.stop name=outbox-profile filename="$work/$variant.jfr" >/dev/null
  kill "$service_pid"; wait "$service_pid" 2>/dev/null || true; service_pid=
  if [ -n "$database" ]; then pg_cluster_drop_database "$database"; database=; fi
  requests=$(grep -oE '[0-9]+ requests in' <<<"$out" | cut -d' ' -f1)
  cpu_us=$(python3 -c "print($ticks * 1e6 / $(getconf CLK_TCK) / max($requests, 1))")
  echo "$variant: $requests requests, $cpu_us CPU µs/request" >&2
  arguments+=("$variant=$work/$variant.jfr:$cpu_us")
done
prefix=""
[ "$store" = h2 ] || prefix="OUTBOX_STORE=$store "
where="its embedded H2"
[ "$store" = h2 ] || where="the reactive PostgreSQL plugin with a fresh database of a cluster of the run's own (wal_level=logical, CPU 1)"
python3 benchmarks/harness/outbox_profile.py "# Where the outbox's CPU goes

\`${prefix}${VARIANTS:+VARIANTS=\"$VARIANTS\" }BENCH_PORTS=22000-22999 benchmarks/outbox-profile.sh $duration\`, started $started_at: the user service on
$where (CPU 0), wrk with 16 connections and the Kafka broker on CPU 1, $warmup s of warm-up, then $duration s
recorded by Flight Recorder's CPU-time sampler. Each part is its share of the samples times the service's CPU
per request over those seconds (user + system, /proc); one run of each variant with the recorder on, so read the
parts and their difference, and the ratios from benchmarks/outbox.sh." "${arguments[@]}" >"$out_md"
for variant in "${variants[@]}"; do
  [ -s "$work/activity-$variant.txt" ] || continue
  {
    echo
    echo "## What the server's backends did (variant $variant)"
    echo
    echo "pg_stat_activity of the run's database, sampled every 50 ms during the first half of the recorded window"
    echo "(state, wait event or on CPU, the statement's start): how often each was seen."
    echo
    echo "| times seen | state, wait, statement |"
    echo "| ---: | --- |"
    sort "$work/activity-$variant.txt" | uniq -c | sort -rn | head -15 | while read -r count line; do
      echo "| $count | \`$line\` |"
    done
  } >>"$out_md"
done
cat "$out_md"
