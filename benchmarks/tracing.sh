#!/usr/bin/env bash
# What OpenTelemetry tracing costs a request, paired against raw Vert.x and against tracing off: the
# TechEmpower app on jZenith (apps/jzenith, with OpenTelemetryPlugin, off by default) on /json and
# /db (one query), pinned to CPU 0 with wrk on CPU 1, the variants interleaved in rounds (their order
# rotated each round; 5 s warm-up, then DURATION s measured each, a fresh JVM per run), medians and
# ratios of requests/s, p50/p99, the service's CPU time per request and its RSS at the end. Writes benchmarks/TRACING.md and its
# section of RESULTS.md.
#
#   benchmarks/tracing.sh [ROUNDS] [DURATION]     e.g. benchmarks/tracing.sh 3 10 (~10 minutes)
#   BENCH_NO_BUILD=1 benchmarks/tracing.sh 3 10   # the apps as built last
#   benchmarks/tracing.sh --report-only           # rewrite TRACING.md from benchmarks/results/tracing/
#
# Variants (one JVM each, fresh per run):
#   vertx       raw Vert.x (apps/vertx): the reference, no tracing
#   off         jZenith with the plugin and otel.sdk.disabled=true (the app's default): no tracer
#   unsampled   --otel.sdk.disabled=false --otel.traces.sampler=always_off: a tracer, spans made
#               (not recorded), nothing exported
#   recorded    --otel.traces.exporter=none: the SDK on without a span processor; the SDK (1.68) then
#               starts no recording span at all, so this is the SDK without recording, not recording alone
#   sampled     --otel.traces.sampler=always_on: every request's spans recorded and exported over
#               OTLP/HTTP (http/protobuf, the SDK's default batch settings) to a sink
#
# The sink (harness/otlp-sink.py) is a real OTLP/HTTP receiver: it answers POST /v1/traces with 200
# and an empty ExportTraceServiceResponse and counts requests, bytes and spans (decoded), so that
# the report can compare the spans exported with the requests served. It runs on CPU 1 beside wrk.
# Ports: BENCH_PORT (the service) and the next one (the sink); by default the first two of BENCH_PORTS.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1-}" = --report-only ]; then
  exec python3 benchmarks/harness/tracing_report.py benchmarks/results/tracing --rewritten
fi
rounds=${1:-3}
duration=${2:-10}
ports=${BENCH_PORTS:-23000-23999}
port=${BENCH_PORT:-${ports%-*}}
sink_port=$((port + 1))
. scripts/jdk.sh
export JAVA_HOME
for tool in wrk taskset python3 curl; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install -y $tool" >&2; exit 1; }
done

work=$(mktemp -d /tmp/jz-tracing-XXXXXX)
sink_pid=
cleanup() {
  [ -z "$sink_pid" ] || kill "$sink_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
benchmarks/db/setup.sh
if [ "${BENCH_NO_BUILD-}" != 1 ]; then
  bash benchmarks/apps/vertx/bench.sh build
  bash benchmarks/apps/jzenith/bench.sh build
fi

taskset -c 1 python3 benchmarks/harness/otlp-sink.py "$sink_port" >"$work/sink.log" 2>&1 &
sink_pid=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$sink_port/stats" >/dev/null && break; sleep 0.05; done

cpu_ticks() { # pid: user + system clock ticks of the process and its threads
  awk '{print $14 + $15}' "/proc/$1/stat"
}
rss_kib() { # pid: resident set size now
  awk '/^VmRSS:/ {print $2}' "/proc/$1/status"
}
sink_stats() { # requests bytes spans undecoded busy_s longest_s
  curl -sf "http://127.0.0.1:$sink_port/stats" | python3 -c \
    'import json,sys; s=json.load(sys.stdin); print(s["requests"], s["bytes"], s["spans"], s["undecoded"], s["busy_s"], s["longest_s"])'
}

run() { # variant endpoint: prints one line, "variant endpoint key=value ..."
  local variant=$1 endpoint=$2 command
  case "$variant" in
    vertx) command=(benchmarks/apps/vertx/bench.sh start "$port") ;;
    off) command=(benchmarks/apps/jzenith/bench.sh start "$port") ;;
    unsampled) command=(benchmarks/apps/jzenith/bench.sh start "$port" --otel.sdk.disabled=false
                        --otel.traces.sampler=always_off) ;;
    recorded) command=(benchmarks/apps/jzenith/bench.sh start "$port" --otel.sdk.disabled=false
                       --otel.traces.sampler=always_on --otel.traces.exporter=none) ;;
    sampled) command=(benchmarks/apps/jzenith/bench.sh start "$port" --otel.sdk.disabled=false
                      --otel.traces.sampler=always_on --otel.exporter.otlp.endpoint="http://127.0.0.1:$sink_port") ;;
  esac
  local log="$work/$variant-$endpoint-$round.log" sink_before sink_pid_ticks_before
  sink_before=$(sink_stats)
  taskset -c 0 "${command[@]}" >"$log" 2>&1 &
  local pid=$! up=0
  for _ in $(seq 1 400); do
    if curl -sf "http://127.0.0.1:$port/json" >/dev/null; then up=1; break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  if [ "$up" != 1 ]; then
    kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
    cp "$log" "benchmarks/results/tracing/failed-$variant-$endpoint-$round.log" 2>/dev/null || true
    echo "$variant $endpoint failed=start log=$(tail -3 "$log" | tr -s ' \n' ' ' | cut -c1-300 | tr ' ' '_')"
    return
  fi
  # Once, what it answers: a wrong body would make every figure below meaningless.
  local body
  body=$(curl -s "http://127.0.0.1:$port/$endpoint")
  local warm measured before after sink_ticks_before sink_ticks_after
  warm=$(taskset -c 1 wrk -t1 -c64 -d5s "http://127.0.0.1:$port/$endpoint")
  sink_ticks_before=$(cpu_ticks "$sink_pid")
  before=$(cpu_ticks "$pid")
  measured=$(taskset -c 1 wrk -t1 -c64 -d"${duration}s" --latency "http://127.0.0.1:$port/$endpoint")
  after=$(cpu_ticks "$pid")
  sink_ticks_after=$(cpu_ticks "$sink_pid")
  local rss
  rss=$(rss_kib "$pid")
  kill "$pid"; wait "$pid" 2>/dev/null || true
  # The SDK flushes what it still holds when jZenith stops; the sink has it once the JVM is gone.
  local sink_after
  sink_after=$(sink_stats)
  local warm_requests requests
  warm_requests=$(echo "$warm" | awk '/requests in/ {print $1}')
  requests=$(echo "$measured" | awk '/requests in/ {print $1}')
  # Warnings and errors in the service's log, one line each, for the report; and what the
  # OpenTelemetry SDK logs through java.util.logging (two lines: source, then "LEVEL: message").
  awk '/ (WARN|ERROR) |Exception/ {sub(/^[0-9:.]+ /, ""); print; next}
       /^(WARNING|SEVERE):/ {print; next}
       /^INFO:/ && previous ~ /io\.opentelemetry/ {print previous_source ": " $0}
       {previous = $0; previous_source = $(NF-1) "." $NF}' "$log" >>"$work/warnings-$variant.txt" || true
  echo "$variant $endpoint" \
    "rps=$(echo "$measured" | awk '/Requests\/sec/ {print $2}')" \
    "p50=$(echo "$measured" | awk '$1=="50%" {print $2}')" \
    "p99=$(echo "$measured" | awk '$1=="99%" {print $2}')" \
    "requests=$requests warm_requests=$warm_requests" \
    "non2xx=$(echo "$measured" | awk '/Non-2xx/ {print $NF}')" \
    "socket_errors=$(echo "$measured" | awk -F'Socket errors: ' 'NF>1 {gsub(/[a-z ]/,"",$2); print $2}')" \
    "cpu_us=$(python3 -c "print(round(($after - $before) / $(getconf CLK_TCK) / $requests * 1e6, 2))")" \
    "rss_kib=$rss" \
    "sink_before=$(echo "$sink_before" | tr ' ' ,) sink_after=$(echo "$sink_after" | tr ' ' ,)" \
    "sink_cpu_ticks=$((sink_ticks_after - sink_ticks_before))" \
    "body=$(echo "$body" | tr -d ' ' | cut -c1-60)"
}

mkdir -p benchmarks/results/tracing
rm -f benchmarks/results/tracing/failed-*.log
variants=(vertx off unsampled recorded sampled)
endpoints=(json db)
: >"$work/results.txt"
started=$(date -u '+%Y-%m-%d %H:%M')
for round in $(seq 1 "$rounds"); do
  for endpoint in "${endpoints[@]}"; do
    # The order rotates by one each round, so that no variant always follows the same one.
    for i in "${!variants[@]}"; do
      variant=${variants[$(((i + round - 1) % ${#variants[@]}))]}
      line=$(run "$variant" "$endpoint")
      echo "round $round: $line" >&2
      echo "round=$round $line" >>"$work/results.txt"
    done
  done
done
for variant in "${variants[@]}"; do
  [ -f "$work/warnings-$variant.txt" ] || : >"$work/warnings-$variant.txt"
done
# Kept (benchmarks/results/ is not committed), so that --report-only can rewrite the report.
rm -f benchmarks/results/tracing/*.txt
cp "$work"/results.txt "$work"/warnings-*.txt benchmarks/results/tracing/
{
  echo "rounds=$rounds"
  echo "duration=$duration"
  echo "started=$started"
  echo "machine=$(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
  echo "java=$("$JAVA_HOME/bin/java" -version 2>&1 | head -1)"
} >benchmarks/results/tracing/run.properties
python3 benchmarks/harness/tracing_report.py benchmarks/results/tracing
