#!/usr/bin/env bash
# Builds of the plain-methods app (each a copy of apps/jzenith-plain/target/jzenith-plain: its launcher, lib/
# and AOT cache) side by side with raw Vert.x on CPU 0, wrk on CPU 1, measured in rotating rounds, so that a
# lever on the request path can be judged against the build without it and against the ceiling in the same
# minutes. Prints one line per round: rps, p99, the app's CPU time per request (user+system from
# /proc/PID/stat over the requests answered) and its context switches per request (every thread's
# voluntary and involuntary switches). On a loaded machine CPU per request is the figure to read: rps then
# follows how much of CPU 0 each app gets beside the other programs.
#
#   benchmarks/paired-builds.sh LABEL ROUNDS SECONDS "ENDPOINTS" "CONNECTIONS" NAME=DIR[=JAVA_OPTS]...
#   e.g. cp -a benchmarks/apps/jzenith-plain/target/jzenith-plain /tmp/before   (then change, rebuild)
#        benchmarks/paired-builds.sh lever 3 5 "json users" "64 256" \
#          before=/tmp/before=-XX:AOTMode=off after=benchmarks/apps/jzenith-plain/target/jzenith-plain=-XX:AOTMode=off
#
# Ports from BENCH_PORTS (default 27000-27999); raw Vert.x from apps/vertx (bench.sh build first).
set -u
label=$1; rounds=$2; secs=$3; eps=$4; conns=$5; shift 5
cd "$(dirname "$0")/.."
. scripts/jdk.sh
range=${BENCH_PORTS:-27000-27999}; port=$(( ${range%-*} + 10 ))
logs=$(mktemp -d /tmp/paired-builds-XXXXXX)
names=(); pids=(); ports=()
for spec in "$@" vertx; do
  name=${spec%%=*}; rest=${spec#*=}; dir=${rest%%=*}; opts=""; [ "$rest" != "$dir" ] && opts=${rest#*=}; port=$((port+1))
  if [ "$name" = vertx ]; then
    taskset -c 0 "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
      -jar benchmarks/apps/vertx/target/vertx-benchmark.jar $port >"$logs/$name.log" 2>&1 &
  else
    JAVA_OPTS="$opts" taskset -c 0 "$dir/bin/jzenith-plain" --rest.port=$port >"$logs/$name.log" 2>&1 &
  fi
  pids+=($!); names+=("$name"); ports+=($port)
done
trap 'kill "${pids[@]}" 2>/dev/null; wait 2>/dev/null' EXIT
for p in "${ports[@]}"; do for _ in $(seq 1 900); do curl -sf "localhost:$p/json" >/dev/null && break; sleep 0.05; done; done
declare -A uid
for i in "${!names[@]}"; do
  uid[$i]=$(curl -s -XPOST -H 'Content-Type: application/json' -d '{"name":"Benchmark User"}' "localhost:${ports[$i]}/users" \
    | python3 -c 'import sys,json;print(json.load(sys.stdin)["id"])')
done
cpu() { awk '{print $14+$15}' "/proc/$1/stat"; }
switches() { cat /proc/"$1"/task/*/status 2>/dev/null | awk '/ctxt_switches/{s+=$2} END{print s}'; }
hz=$(getconf CLK_TCK)
measure() { # url connections seconds pid
  local c0 c1 s0 s1 out
  c0=$(cpu "$4"); s0=$(switches "$4")
  out=$(taskset -c 1 wrk -t1 -c"$2" -d"${3}s" --latency --timeout 5s "$1")
  c1=$(cpu "$4"); s1=$(switches "$4")
  echo "$out" | awk -v ticks=$((c1-c0)) -v hz="$hz" -v sw=$((s1-s0)) '/requests in/{n=$1} /Requests\/sec/{r=$2} $1=="99%"{p=$2}
    END{printf "%s rps p99 %s %.2f us/req %.2f cs/req", r, p, ticks*1e6/hz/n, sw/n}'
}
url() { if [ "$1" = json ]; then echo "http://127.0.0.1:${ports[$2]}/json"; else echo "http://127.0.0.1:${ports[$2]}/users/${uid[$2]}"; fi; }
n=${#names[@]}
for ep in $eps; do
  for i in "${!names[@]}"; do measure "$(url "$ep" "$i")" 256 4 "${pids[$i]}" >/dev/null; done  # warm-up
  for c in $conns; do
    for r in $(seq 1 "$rounds"); do
      declare -A res=()
      for k in $(seq 0 $((n-1))); do i=$(( (k + r) % n )); res[$i]=$(measure "$(url "$ep" "$i")" "$c" "$secs" "${pids[$i]}"); done
      line="$label $ep c=$c round $r"
      for i in "${!names[@]}"; do line="$line | ${names[$i]} ${res[$i]}"; done
      echo "$line | load $(cut -d' ' -f1 /proc/loadavg)"
    done
  done
done
