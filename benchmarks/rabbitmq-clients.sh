#!/usr/bin/env bash
# The two RabbitMQ clients jzenith-rabbitmq could be built on, bare, against each other (issue 38): RabbitMQ's
# own com.rabbitmq:amqp-client (the one it uses) and Vert.x's vertx-rabbitmq-client (which wraps it), each as
# its guide has it: publisher confirms (amqp-client: a confirm listener; Vert.x: RabbitMQPublisher.publishConfirm),
# a consumer with manual acks and jZenith's default prefetch, the same topology (a durable topic exchange, a
# durable quorum queue), at most 1,000 messages unconfirmed. apps/rabbitmq-clients, on Vert.x 5.0.8 (the
# Vert.x RabbitMQ client is not served at jZenith's 5.0.10). Writes benchmarks/RABBITMQ-CLIENTS.md.
#
#   benchmarks/rabbitmq-clients.sh [ROUNDS] [MESSAGES] [LATENCY_RATE]   e.g. benchmarks/rabbitmq-clients.sh 3 100000 2000
#   BENCH_NO_BUILD=1 benchmarks/rabbitmq-clients.sh ...                 # the app as built last
#
# Each round runs both clients in alternating order, a fresh JVM per run, each on a new, uniquely named
# exchange and queue that it deletes: throughput (MESSAGES messages of 100 bytes as fast as confirms allow,
# messages/s from the first send to the ack of the last) and latency (LATENCY_RATE messages/s for 10 s,
# p50/p99 of send -> consumed -> acked). The machine's RabbitMQ (127.0.0.1:5672, guest/guest; scripts/services.sh
# starts it where it is not running).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
messages=${2:-100000}
latency_rate=${3:-2000}
app=benchmarks/apps/rabbitmq-clients
. scripts/jdk.sh
[ "${BENCH_NO_BUILD-}" = 1 ] || ./mvnw -q -B -f "$app/pom.xml" package
scripts/services.sh rabbitmq >&2
results_dir=benchmarks/results/rabbitmq-clients
mkdir -p "$results_dir"
results=$results_dir/runs.jsonl
: >"$results"
started=$(date -u '+%Y-%m-%d %H:%M UTC')
load() { cut -d' ' -f1 /proc/loadavg; }
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) = 1 ]; then order="amqp vertx"; else order="vertx amqp"; fi
  for variant in $order; do
    for mode in throughput latency; do
      if [ "$mode" = throughput ]; then n=$messages; rate=0; else n=$((latency_rate * 10)); rate=$latency_rate; fi
      before=$(load)
      line=$("$JAVA_HOME/bin/java" -Xmx512m -jar "$app/target/rabbitmq-clients-benchmark.jar" \
        127.0.0.1 5672 "$variant" "$n" "$rate" 100 2>"$results_dir/run.log" | tail -1) \
        || { tail -30 "$results_dir/run.log" >&2; exit 1; }
      echo "{\"round\":$round,\"mode\":\"$mode\",\"load_before\":$before,\"load_after\":$(load),${line#\{}" \
        | tee -a "$results" >&2
    done
  done
done
python3 - "$results" "$0 $*" "$started" >benchmarks/RABBITMQ-CLIENTS.md <<'PY'
import json, statistics, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
command, started = sys.argv[2], sys.argv[3]
names = {"amqp": "com.rabbitmq:amqp-client 5.37.1", "vertx": "io.vertx:vertx-rabbitmq-client 5.0.8"}
def of(variant, mode, key):
    return [r[key] for r in runs if r["variant"] == variant and r["mode"] == mode]
loads = [r[k] for r in runs for k in ("load_before", "load_after")]
print("# RabbitMQ clients, bare, against each other\n")
print(f"Written by `{command}` (started {started}). Do not edit by hand: run it again.\n")
print("Each client as its guide has it: publisher confirms, a consumer with manual acks and prefetch 100, a durable "
      "topic exchange and a durable quorum queue of the run's own, at most 1,000 messages unconfirmed, one JVM per "
      "run, rounds in alternating order. Throughput: messages/s from the first send to the ack of the last. "
      f"Latency: send -> consumed -> acked at a fixed rate for 10 s. Load average during the runs: {min(loads)}-{max(loads)} (2 CPUs).\n")
print("| client | messages/s (median) | rounds | p50 ms at a fixed rate (median) | p99 ms (median) | p99 rounds |")
print("| --- | ---: | --- | ---: | ---: | --- |")
for v in ("amqp", "vertx"):
    rps = of(v, "throughput", "messages_per_s"); p50 = of(v, "latency", "p50_ms"); p99 = of(v, "latency", "p99_ms")
    rate = of(v, "latency", "rate")[0]
    print(f"| {names[v]} | {statistics.median(rps):,.0f} | {', '.join(f'{x:,.0f}' for x in rps)} | "
          f"{statistics.median(p50):.2f} | {statistics.median(p99):.2f} | {', '.join(f'{x:.2f}' for x in p99)} |")
ratio = statistics.median(of("vertx", "throughput", "messages_per_s")) / statistics.median(of("amqp", "throughput", "messages_per_s"))
print(f"\nvertx-rabbitmq-client / amqp-client, messages/s (medians): {ratio:.2f}x; latency rate {rate} messages/s.")
PY
echo "wrote benchmarks/RABBITMQ-CLIENTS.md" >&2
