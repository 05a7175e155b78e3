#!/usr/bin/env bash
# Kafka through jZenith's plugin against the bare kafka-clients (the ceiling): a consumer and a processor,
# and a consumer service in a 128 MiB memory cgroup. Writes benchmarks/KAFKA.md and renews its section of
# RESULTS.md (a harness run carries it over).
#
#   benchmarks/kafka.sh [ROUNDS] [RECORDS] [CGROUP_SECONDS] [CGROUP_RATE]
#                                     e.g. benchmarks/kafka.sh 3 200000 600 (~17 minutes and the processor's);
#                                     CGROUP_RATE events/s, 0 (the default): full rate; CGROUP_SECONDS 0: no cgroup part
#   MODES="throughput latency processor" benchmarks/kafka.sh ...   # the default: every mode; e.g. MODES=processor
#   PROCESSOR_RECORDS=N benchmarks/kafka.sh ...                # the processor's full-rate run (default RECORDS)
#   WARMUP_RECORDS=N benchmarks/kafka.sh ...                   # records each run sends and awaits first,
#                                     uncounted (default 100000, at least 1): the JIT's first compilations
#                                     otherwise fall inside a measurement of a few seconds. On 2 CPUs the
#                                     compiler threads still work through runs of a few seconds after 1,000,000
#                                     (each run prints its JIT time as jit_ms); the processor's steady state
#                                     takes PROCESSOR_RECORDS=3000000 WARMUP_RECORDS=2000000
#   BENCH_CLIENT_METRICS=1 benchmarks/kafka.sh ...             # each processor run's clients' requests,
#                                     batches and commits (JMX) in the script's output, for the broker's share
#   BENCH_NO_BUILD=1 benchmarks/kafka.sh ...                  # the apps as built last
#   KAFKA_CGROUP_AOT=auto benchmarks/kafka.sh ...              # the launcher's JZENITH_AOT for the service (default on)
#   benchmarks/kafka.sh --report-only "COMMAND" "STARTED"       # rewrite KAFKA.md from benchmarks/results/kafka/
#
# A short try that leaves the cgroup part out: MODES=processor benchmarks/kafka.sh 1 20000 0
#
# 1. A broker like PrivateKafka's (harness/kafka-broker.sh: Apache Kafka's kafka.Kafka from apps/kafka's
#    lib/, one KRaft node, 3 partitions per topic) on the first two ports of BENCH_PORTS, data in a
#    temporary folder.
# 2. ROUNDS rounds, the variants' order alternating each round, a fresh JVM per run
#    (apps/kafka: KafkaBench) that first sends WARMUP_RECORDS records the same way, as fast as it can, and
#    waits for them to be done (uncounted), for the MODES asked:
#    a consumer (`throughput`, `latency`): `jzenith` (an emitter and an @Incoming method through
#    KafkaPlugin) and `bare` (KafkaProducer and a KafkaConsumer poll loop committing each poll):
#      throughput: RECORDS records of 100 bytes sent as fast as the producer takes them (at most
#                  20,000 unacknowledged), records/s from the first send to the commit of the last;
#      latency:    2,000 records/s for 10 s; p50/p99 of send -> consumed -> commit acknowledged.
#    a processor (`processor`: consume, transform, produce; apps/kafka: ProcessorBench): one producer
#    sends to an input topic, `jzenith` (an @Incoming("in") @Outgoing("out") method through KafkaPlugin)
#    or `bare` (a KafkaConsumer poll loop sending each record transformed with a KafkaProducer, acks=all,
#    idempotent, committing a poll's offsets once its sends are acknowledged) writes to an output topic
#    that a consumer in the bench JVM watches:
#      processor:         PROCESSOR_RECORDS records as fast as the producer takes them, records/s from the
#                         first send to the last record's arrival on the output topic;
#      processor-latency: 2,000 records/s for 10 s; p50/p99 of send -> arrival on the output topic.
# 3. Unless CGROUP_SECONDS is 0: examples/audit-service through its launcher in a 128 MiB memory cgroup
#    (harness/kafka_cgroup.py, root), the broker outside it; user events sent at CGROUP_RATE a second
#    (0: as fast as the producer goes) for CGROUP_SECONDS: survival, lag each second, RSS, the cgroup's
#    peak. The launcher runs with JZENITH_AOT=on: in its default (auto) it leaves the AOT cache out below
#    192 MiB, and the service then keeps its classes' metadata in anonymous memory beside the 32 MiB heap
#    and the cgroup's OOM killer ends it within seconds of the load (docs/messaging.md, Memory).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1-}" = --report-only ]; then
  . scripts/jdk.sh
  export JAVA_HOME
  python3 benchmarks/harness/kafka_report.py benchmarks/results/kafka/runs.jsonl benchmarks/results/kafka/cgroup.json \
    "$2" "$3 (this text rewritten from that run's results by \`benchmarks/kafka.sh --report-only\` on $(date -u '+%Y-%m-%d %H:%M UTC'))" \
    >benchmarks/KAFKA.md
  exit 0
fi
rounds=${1:-3}
records=${2:-200000}
flood_seconds=${3:-600}
flood_rate=${4:-0}
modes=${MODES:-throughput latency processor}
processor_records=${PROCESSOR_RECORDS:-$records}
warmup=${WARMUP_RECORDS:-100000}
for mode in $modes; do
  case $mode in
    throughput | latency | processor) ;;
    *) echo "MODES: '$mode' is not a mode; give some of: throughput latency processor" >&2; exit 2 ;;
  esac
done
. scripts/jdk.sh
. benchmarks/harness/kafka-broker.sh
export JAVA_HOME
kafka_broker_ports 24000-24999
app=benchmarks/apps/kafka
if [ "${BENCH_NO_BUILD-}" != 1 ]; then
  ./mvnw -q -B -f "$app/reactor.xml" package -DskipTests -pl :jzenith-kafka-benchmark -am
  [ "$flood_seconds" = 0 ] || ./mvnw -q -B package -DskipTests -pl examples/audit-service -am
fi
jar="$app/target/jzenith-kafka-benchmark.jar"
launcher=examples/audit-service/target/audit-service/bin/audit-service
started_at=$(date -u '+%Y-%m-%d %H:%M UTC')
work=$(mktemp -d /tmp/jz-kafka-XXXXXX)
kafka_broker_stop_at_exit "$work"

kafka_broker_start "$app/target/lib/*" "$work" "$broker_port" "$controller_port"
bootstrap=127.0.0.1:$broker_port
echo "broker at $bootstrap" >&2

mkdir -p benchmarks/results/kafka
results=benchmarks/results/kafka/runs.jsonl
: >"$results"
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) = 1 ]; then order="jzenith bare"; else order="bare jzenith"; fi
  for variant in $order; do
    for mode in $modes; do
      case $mode in
        throughput) runs="throughput:run:$records:0" ;;
        latency) runs="latency:run:20000:2000" ;;
        processor) runs="processor:process:$processor_records:0 processor-latency:process:20000:2000" ;;
      esac
      for spec in $runs; do
        IFS=: read -r name command n rate <<<"$spec"
        line=$("$JAVA_HOME/bin/java" -Xmx512m -jar "$jar" "$command" "$bootstrap" "$variant" "$n" "$rate" "$warmup" 2>"$work/run.log" | tail -1) \
          || { tail -30 "$work/run.log" >&2; exit 1; }
        [ -z "${BENCH_CLIENT_METRICS-}" ] || grep -E ' (producer-metrics|consumer-fetch-manager-metrics|consumer-coordinator-metrics)' "$work/run.log" | sed 's/^/  /' >&2 || true
        echo "{\"round\":$round,\"mode\":\"$name\",\"warmup\":$warmup,${line#\{}" | tee -a "$results" >&2
      done
    done
  done
done

if [ "$flood_seconds" = 0 ]; then
  rm -f benchmarks/results/kafka/cgroup.json # the report then says the cgroup part was not run
else
  rm -rf "$work/audit-h2"
  JZENITH_AOT=${KAFKA_CGROUP_AOT:-on} python3 benchmarks/harness/kafka_cgroup.py 128m "$flood_seconds" "$flood_rate" "$service_port" "$bootstrap" "$jar" \
    benchmarks/results/kafka/cgroup.json -- "$launcher" --rest.port="$service_port" \
    --kafka.bootstrap-servers="$bootstrap" --jdbc.embedded.directory="$work/audit-h2" >&2
fi

python3 benchmarks/harness/kafka_report.py "$results" benchmarks/results/kafka/cgroup.json \
  "${MODES:+MODES=\"$MODES\" }${PROCESSOR_RECORDS:+PROCESSOR_RECORDS=$PROCESSOR_RECORDS }${WARMUP_RECORDS:+WARMUP_RECORDS=$WARMUP_RECORDS }${BENCH_PORTS:+BENCH_PORTS=$BENCH_PORTS }${BENCH_NO_BUILD:+BENCH_NO_BUILD=1 }${KAFKA_CGROUP_AOT:+KAFKA_CGROUP_AOT=$KAFKA_CGROUP_AOT }benchmarks/kafka.sh $*" "$started_at" >benchmarks/KAFKA.md
python3 -c 'import sys; sys.path.insert(0, "benchmarks/harness"); import report, pathlib; report.splice(pathlib.Path("benchmarks/RESULTS.md"), "kafka")'
echo "wrote benchmarks/KAFKA.md and its section of RESULTS.md" >&2
