#!/usr/bin/env bash
# RabbitMQ through jZenith's plugin against the bare amqp-client (the ceiling), and a consumer service in
# a 128 MiB memory cgroup at a fixed rate. Writes benchmarks/RABBITMQ.md and renews its section of
# RESULTS.md (a harness run carries it over).
#
#   benchmarks/rabbitmq.sh [ROUNDS] [MESSAGES] [CGROUP_SECONDS] [CGROUP_RATE]
#                           e.g. benchmarks/rabbitmq.sh 3 200000 600 200 (~20 minutes); CGROUP_SECONDS 0: no cgroup run
#   BENCH_NO_BUILD=1 benchmarks/rabbitmq.sh ...          # the apps as built last
#   RABBITMQ_BROKER=private benchmarks/rabbitmq.sh ...   # a private node even where the machine's answers
#                                                        # (auto, the default: the machine's if it answers)
#   LATENCY_RATE=2000 benchmarks/rabbitmq.sh ...         # the latency mode's messages/s (10 s of them)
#   WARMUP_MESSAGES=N benchmarks/rabbitmq.sh ...         # messages each run sends and awaits first, uncounted, as fast
#                                                        # as confirms allow (default 20000; 1 as before 2026-11-29)
#   RABBITMQ_CGROUP_AOT=auto benchmarks/rabbitmq.sh ...  # the launcher's JZENITH_AOT for the service (default on)
#   RABBITMQ_CGROUP_CACHE=build benchmarks/rabbitmq.sh ...  # the service's AOT cache as the build trained it (on
#                                                        # Kafka) instead of one this run trains on RabbitMQ (default)
#   benchmarks/rabbitmq.sh --report-only "COMMAND" "STARTED"   # rewrite RABBITMQ.md from benchmarks/results/rabbitmq/
#
# 1. The broker: the machine's RabbitMQ at 127.0.0.1:5672 (guest/guest) when it answers, else a private
#    node from the machine's rabbitmq-server (RabbitBench broker: jzenith-rabbitmq-server's RabbitMqNode,
#    its own node name, data in a temporary folder) on the first two ports of BENCH_PORTS.
# 2. ROUNDS rounds, the variants' order alternating each round, a fresh JVM per run, each on a new,
#    uniquely named exchange and queue that it deletes at the end (apps/rabbitmq: RabbitBench, run
#    with its own jar as agent to see the client's acks): `jzenith` (an emitter and an @Incoming method
#    through RabbitMqPlugin, its defaults) and `bare` (amqp-client: a publisher with confirms, a
#    consumer with manual acks and jZenith's default prefetch, on the same topology):
#      throughput: MESSAGES messages of 100 bytes as fast as confirms allow (at most 1,000 unconfirmed),
#                  messages/s from the first send to the ack of the last;
#      latency:    LATENCY_RATE messages/s for 10 s; p50/p99 of send -> consumed -> acked.
# 3. examples/audit-service through its launcher in a 128 MiB memory cgroup (harness/rabbitmq_cgroup.py,
#    root), the broker outside it, consuming UserCreated events published at CGROUP_RATE a second for
#    CGROUP_SECONDS to an exchange and queue of this run's own (deleted at the end): survival, OOM kills,
#    the queue's depth each second, RSS, the cgroup's usage and anonymous memory. The build trains the
#    service's AOT cache on Kafka (its dev profile's broker), and the JVM loads every class a cache holds at
#    start, Kafka's 1,800 too; a service deployed on RabbitMQ trains its own under its deployed settings
#    (docs/deployment.md, Train the cache for what you deploy), so this run first trains one on a copy of
#    the distribution, with the launcher's JZENITH_AOT=train and the build's training requests. The launcher
#    runs with JZENITH_AOT=on, as kafka.sh's does (in its default it leaves the AOT cache out below 192 MiB).
set -euo pipefail
cd "$(dirname "$0")/.."

# How the audit service is told to consume users.events from RabbitMQ (examples/audit-service): adjust
# here. $1 the broker's host, $2 its port, $3 the run's exchange, $4 the run's queue.
service_rabbitmq_args() {
  printf '%s\n' \
    '--messaging.channels."users.events".connector=rabbitmq' \
    "--rabbitmq.host=$1" "--rabbitmq.port=$2" \
    "--rabbitmq.channels.\"users.events\".exchange=$3" \
    "--rabbitmq.channels.\"users.events\".queue=$4"
}

results_dir=benchmarks/results/rabbitmq
if [ "${1-}" = --report-only ]; then
  . scripts/jdk.sh
  export JAVA_HOME
  python3 benchmarks/harness/rabbitmq_report.py "$results_dir/runs.jsonl" "$results_dir/cgroup.json" "$results_dir/broker.json" \
    "$2" "$3 (this text rewritten from that run's results by \`benchmarks/rabbitmq.sh --report-only\` on $(date -u '+%Y-%m-%d %H:%M UTC'))" \
    >benchmarks/RABBITMQ.md
  exit 0
fi
rounds=${1:-3}
messages=${2:-200000}
cgroup_seconds=${3:-600}
cgroup_rate=${4:-200}
latency_rate=${LATENCY_RATE:-2000}
warmup=${WARMUP_MESSAGES:-20000}
ports=${BENCH_PORTS:-23000-23999}
base=${ports%-*}
private_port=$base
distribution_port=$((base + 1))
service_port=$((base + 2))
. scripts/jdk.sh
export JAVA_HOME
app=benchmarks/apps/rabbitmq
if [ "${BENCH_NO_BUILD-}" != 1 ]; then
  ./mvnw -q -B -f "$app/reactor.xml" package -DskipTests -pl :jzenith-rabbitmq-benchmark -am
  [ "$cgroup_seconds" = 0 ] || ./mvnw -q -B package -DskipTests -pl examples/audit-service -am
fi
jar="$app/target/jzenith-rabbitmq-benchmark.jar"
launcher=examples/audit-service/target/audit-service/bin/audit-service
java=("$JAVA_HOME/bin/java")
started_at=$(date -u '+%Y-%m-%d %H:%M UTC')
work=$(mktemp -d /tmp/jz-rabbitmq-XXXXXX)
broker_pid=
host=127.0.0.1
port=
cgroup_names=()
cleanup() {
  if [ -n "$port" ] && [ ${#cgroup_names[@]} -gt 0 ]; then
    "${java[@]}" -jar "$jar" delete "$host" "$port" "${cgroup_names[@]}" >/dev/null 2>&1 || true
  fi
  [ -z "$broker_pid" ] || { kill "$broker_pid" 2>/dev/null || true; wait "$broker_pid" 2>/dev/null || true; }
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$results_dir"
broker=private
if [ "${RABBITMQ_BROKER:-auto}" != private ] && probe=$("${java[@]}" -jar "$jar" probe "$host" 5672 2>/dev/null); then
  broker=machine
  port=5672
elif [ "${RABBITMQ_BROKER:-auto}" = machine ]; then
  echo "RABBITMQ_BROKER=machine, but nothing answers on $host:5672 as guest/guest" >&2
  exit 1
else
  "${java[@]}" -jar "$jar" broker "$private_port" "$distribution_port" "$work/rabbitmq" >"$work/broker.out" 2>&1 &
  broker_pid=$!
  for _ in $(seq 1 300); do
    grep -q '^ready$' "$work/broker.out" && break
    kill -0 "$broker_pid" 2>/dev/null || { tail -30 "$work/broker.out" >&2; exit 1; }
    sleep 0.5
  done
  grep -q '^ready$' "$work/broker.out" || { echo "the private RabbitMQ did not start in 150 s" >&2; exit 1; }
  port=$private_port
  probe=$("${java[@]}" -jar "$jar" probe "$host" "$port")
fi
echo "{\"broker\":\"$broker\",\"address\":\"$host:$port\",${probe#\{}" >"$results_dir/broker.json"
echo "broker: $(cat "$results_dir/broker.json")" >&2

# Trains the AOT cache of the distribution DIST as the build does (jzenith-maven-plugin's AotTrainer): its launcher
# with JZENITH_AOT=train sized for 512m, /health/live awaited, then 10 times /health, /health/ready, /metrics and
# the audit service's training request, SIGTERM; the JVM writes DIST/lib/audit-service.aot as it exits.
train_cache() {
  local dist=$1 port=$2 pid
  shift 2
  env -u JAVA_OPTS -u JZENITH_CPU_LIMIT JZENITH_AOT=train JZENITH_MEMORY_LIMIT=512m \
    "$dist/bin/audit-service" --rest.port="$port" "$@" >"$work/training.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 1200); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/health/live" && break
    kill -0 "$pid" 2>/dev/null || { tail -30 "$work/training.log" >&2; echo "the AOT training run exited" >&2; exit 1; }
    sleep 0.1
  done
  for _ in $(seq 1 10); do
    for path in /health /health/ready /metrics '/audit?limit=10'; do
      curl -sf -o /dev/null "http://127.0.0.1:$port$path" \
        || { tail -30 "$work/training.log" >&2; echo "AOT training: GET $path failed" >&2; exit 1; }
    done
  done
  kill -TERM "$pid"
  wait "$pid" || [ $? = 143 ] || { tail -30 "$work/training.log" >&2; echo "the AOT training run failed" >&2; exit 1; }
  [ -s "$dist/lib/audit-service.aot" ] || { tail -30 "$work/training.log" >&2; echo "the AOT training run wrote no cache" >&2; exit 1; }
  echo "trained $dist/lib/audit-service.aot on RabbitMQ: $(du -m "$dist/lib/audit-service.aot" | cut -f1) MB" >&2
}

results=$results_dir/runs.jsonl
: >"$results"
load() { cut -d' ' -f1 /proc/loadavg; }
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) = 1 ]; then order="jzenith bare"; else order="bare jzenith"; fi
  for variant in $order; do
    for mode in throughput latency; do
      if [ "$mode" = throughput ]; then n=$messages; rate=0; else n=$((latency_rate * 10)); rate=$latency_rate; fi
      before=$(load)
      line=$("${java[@]}" -Xmx512m -javaagent:"$jar" -jar "$jar" run "$host" "$port" "$variant" "$n" "$rate" "$warmup" \
        2>"$work/run.log" | tail -1) || { tail -30 "$work/run.log" >&2; exit 1; }
      echo "{\"round\":$round,\"mode\":\"$mode\",\"warmup\":$warmup,\"load_before\":$before,\"load_after\":$(load),${line#\{}" \
        | tee -a "$results" >&2
    done
  done
done

if [ "$cgroup_seconds" = 0 ]; then
  echo '{"skipped":"CGROUP_SECONDS was 0"}' >"$results_dir/cgroup.json"
else
  exchange="jz-bench-users-$$"
  queue="jz-bench-audit-$$"
  cgroup_names=("queue:$queue" "queue:$queue.dlq" "exchange:$exchange" "exchange:$queue.dlx")
  mapfile -t service_args < <(service_rabbitmq_args "$host" "$port" "$exchange" "$queue")
  cache_training=build
  if [ "${RABBITMQ_CGROUP_CACHE:-rabbitmq}" != build ]; then
    cp -a "$(dirname "$(dirname "$launcher")")" "$work/audit-service"
    launcher=$work/audit-service/bin/audit-service
    train_cache "$work/audit-service" "$service_port" --jdbc.embedded.directory="$work/training-h2" "${service_args[@]}"
    cache_training=rabbitmq
  fi
  JZENITH_AOT=${RABBITMQ_CGROUP_AOT:-on} CACHE_TRAINING=$cache_training \
    python3 benchmarks/harness/rabbitmq_cgroup.py 128m "$cgroup_seconds" "$cgroup_rate" \
    "$service_port" "$host" "$port" "$exchange" user.created "$queue" "$jar" "$results_dir/cgroup.json" \
    -- "$launcher" --rest.port="$service_port" --jdbc.embedded.directory="$work/audit-h2" "${service_args[@]}" >&2
fi

python3 benchmarks/harness/rabbitmq_report.py "$results" "$results_dir/cgroup.json" "$results_dir/broker.json" \
  "${BENCH_PORTS:+BENCH_PORTS=$BENCH_PORTS }${BENCH_NO_BUILD:+BENCH_NO_BUILD=1 }${RABBITMQ_BROKER:+RABBITMQ_BROKER=$RABBITMQ_BROKER }${LATENCY_RATE:+LATENCY_RATE=$LATENCY_RATE }${WARMUP_MESSAGES:+WARMUP_MESSAGES=$WARMUP_MESSAGES }${RABBITMQ_CGROUP_AOT:+RABBITMQ_CGROUP_AOT=$RABBITMQ_CGROUP_AOT }${RABBITMQ_CGROUP_CACHE:+RABBITMQ_CGROUP_CACHE=$RABBITMQ_CGROUP_CACHE }benchmarks/rabbitmq.sh $*" \
  "$started_at" >benchmarks/RABBITMQ.md
python3 -c 'import sys; sys.path.insert(0, "benchmarks/harness"); import report, pathlib; report.splice(pathlib.Path("benchmarks/RESULTS.md"), "rabbitmq")'
echo "wrote benchmarks/RABBITMQ.md and its section of RESULTS.md" >&2
