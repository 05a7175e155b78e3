#!/usr/bin/env bash
# The smallest memory cgroup the audit service (a Kafka consumer with REST and embedded H2) lives in:
# the service through its launcher in memory cgroups of each LIMIT in turn, user events sent at RATE
# a second for SECONDS each, as kafka.sh's cgroup part does at 128 MiB. Writes
# benchmarks/KAFKA-MEMORY.md and its section of RESULTS.md. Needs root (cgroups), ~SECONDS per limit.
#
#   benchmarks/kafka-memory.sh [SECONDS] [RATE] [LIMIT...]
#     e.g. benchmarks/kafka-memory.sh 600 200 128m 144m 160m   (the defaults; ~35 minutes)
#   KAFKA_CGROUP_AOT=auto benchmarks/kafka-memory.sh ...       # the launcher's JZENITH_AOT (default on)
#   BENCH_NO_BUILD=1 BENCH_PORTS=24000-24999                   # as in kafka.sh
#
# Per limit: a new broker and harness/kafka_cgroup.py (the distribution dropped from the page cache first,
# so that the cgroup is charged for its files as on a container's first start; the broker outside the cgroup),
# plus what the launcher picks for that limit (JZENITH_LAUNCHER_DRY_RUN) and, at ready, what the AOT
# cache holds in memory (its shared file pages and its written, anonymous ones).
set -euo pipefail
cd "$(dirname "$0")/.."
arguments="$*"
seconds=${1:-600}
rate=${2:-200}
shift $(($# < 2 ? $# : 2))
limits=("$@")
[ ${#limits[@]} -gt 0 ] || limits=(128m 144m 160m)
. scripts/jdk.sh
. benchmarks/harness/kafka-broker.sh
export JAVA_HOME
kafka_broker_ports 24000-24999
app=benchmarks/apps/kafka
if [ "${BENCH_NO_BUILD-}" != 1 ]; then
  ./mvnw -q -B -f "$app/reactor.xml" package -DskipTests -pl :jzenith-kafka-benchmark -am
  ./mvnw -q -B package -DskipTests -pl examples/audit-service -am
fi
jar="$app/target/jzenith-kafka-benchmark.jar"
launcher=examples/audit-service/target/audit-service/bin/audit-service
started_at=$(date -u '+%Y-%m-%d %H:%M UTC')
work=$(mktemp -d /tmp/jz-kafka-memory-XXXXXX)
kafka_broker_stop_at_exit "$work"
bootstrap=127.0.0.1:$broker_port
results=benchmarks/results/kafka-memory
rm -rf "$results"
mkdir -p "$results"
for limit in "${limits[@]}"; do
  # A broker of its own per limit: the service's topic and consumer group start empty, so that what one
  # limit left unconsumed is not counted for the next.
  if [ -n "$broker_pid" ]; then
    kill "$broker_pid"
    wait "$broker_pid" || true
  fi
  mkdir -p "$work/$limit"
  kafka_broker_start "$app/target/lib/*" "$work/$limit" "$broker_port" "$controller_port"
  echo "$limit: $seconds s at $rate events/s" >&2
  JZENITH_LAUNCHER_DRY_RUN=1 JZENITH_MEMORY_LIMIT=$limit JZENITH_AOT=${KAFKA_CGROUP_AOT:-on} "$launcher" \
    >"$results/$limit.flags" 2>&1 || true
  JZENITH_AOT=${KAFKA_CGROUP_AOT:-on} python3 benchmarks/harness/kafka_cgroup.py "$limit" "$seconds" "$rate" \
    "$service_port" "$bootstrap" "$jar" "$results/$limit.json" -- "$launcher" --rest.port="$service_port" \
    --kafka.bootstrap-servers="$bootstrap" --jdbc.embedded.directory="$work/$limit/audit-h2" >&2
  cat /proc/loadavg >"$results/$limit.load"
done

python3 benchmarks/harness/kafka_memory_report.py "$results" \
  "${KAFKA_CGROUP_AOT:+KAFKA_CGROUP_AOT=$KAFKA_CGROUP_AOT }${BENCH_PORTS:+BENCH_PORTS=$BENCH_PORTS }${BENCH_NO_BUILD:+BENCH_NO_BUILD=1 }benchmarks/kafka-memory.sh $arguments" \
  "$started_at" "${limits[@]}" >benchmarks/KAFKA-MEMORY.md
python3 -c 'import sys; sys.path.insert(0, "benchmarks/harness"); import report, pathlib; report.splice(pathlib.Path("benchmarks/RESULTS.md"), "kafka-memory")'
echo "wrote benchmarks/KAFKA-MEMORY.md and its section of RESULTS.md" >&2
