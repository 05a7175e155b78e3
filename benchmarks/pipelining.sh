#!/usr/bin/env bash
# TechEmpower's plaintext shape: GET /plaintext pipelined 16 deep on each of 256 connections, against
# the plain-methods app (apps/jzenith-plain, through its launcher; its /plaintext on a virtual thread,
# and the same method marked @NonBlocking at /plaintext/event-loop) and raw Vert.x (apps/vertx), each
# pinned to CPU 0 with wrk on CPU 1, in rotating rounds. Every answer must be a 200 (wrk counts
# the others as non-2xx and a reset as a socket error). Writes PIPELINING.md and its section of
# RESULTS.md. The port is a free one of BENCH_PORTS (or BENCH_PORT when set).
#
#   benchmarks/pipelining.sh [ROUNDS] [SECONDS]          e.g. benchmarks/pipelining.sh 3 10
#   BENCH_NO_BUILD=1 benchmarks/pipelining.sh ...         the apps as built last
# The plain app's build installs jZenith's modules into the local Maven repository: on a shared
# machine give it a private one (MAVEN_OPTS="-Dmaven.repo.local=DIR -Dmaven.repo.local.tail=$HOME/.m2/repository").
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
seconds=${2:-10}
depth=16
connections=256
port=${BENCH_PORT:-$(python3 benchmarks/harness/free-port.py)}
. scripts/jdk.sh
export JAVA_HOME
for tool in wrk taskset python3 curl; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install -y $tool" >&2; exit 1; }
done
started_at=$(date -u '+%Y-%m-%d %H:%M UTC')
if [ "${BENCH_NO_BUILD-}" != 1 ]; then
  bash benchmarks/apps/jzenith-plain/bench.sh build
  bash benchmarks/apps/vertx/bench.sh build
fi

work=$(mktemp -d /tmp/jz-pipelining-XXXXXX)
pid=
stop() {
  if [ -n "$pid" ]; then
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    pid=
  fi
}
trap 'stop; rm -rf "$work"' EXIT

# wrk sends the same request `depth` times in one write: the client side of a pipelined connection.
pipeline_script() { # path
  cat <<LUA
init = function(args)
  local r = {}
  for i = 1, $depth do
    r[i] = wrk.format("GET", "$1")
  end
  req = table.concat(r)
end
request = function()
  return req
end
LUA
}

run() { # variant round
  local app=$1 path=/plaintext
  case $1 in
    jzenith-event-loop) app=jzenith-plain path=/plaintext/event-loop ;;
  esac
  pipeline_script "$path" >"$work/$1.lua"
  taskset -c 0 bash "benchmarks/apps/$app/bench.sh" start "$port" >"$work/$1-$2.log" 2>&1 &
  pid=$!
  local up=
  for _ in $(seq 1 1200); do curl -sf "http://127.0.0.1:$port$path" >/dev/null && up=1 && break; sleep 0.05; done
  [ -n "$up" ] || { echo "$1 did not answer $path within 60 s; see $work/$1-$2.log" >&2; cat "$work/$1-$2.log" >&2; exit 1; }
  taskset -c 1 wrk -t1 -c"$connections" -d3s -s "$work/$1.lua" "http://127.0.0.1:$port$path" >/dev/null
  taskset -c 1 wrk -t1 -c"$connections" -d"${seconds}s" --latency -s "$work/$1.lua" \
    "http://127.0.0.1:$port$path" >"$work/$1-$2.wrk"
  # What the server logged at WARN or above while answering (before the fix: a WARN per request).
  grep -h ' WARN \| ERROR ' "$work/$1-$2.log" >"$work/$1-$2.warnings" || true
  stop
}

variants=(jzenith-plain jzenith-event-loop vertx)
for round in $(seq 1 "$rounds"); do
  for i in 0 1 2; do # each round starts with the next variant
    variant=${variants[$(((round - 1 + i) % 3))]}
    echo "round $round: $variant" >&2
    run "$variant" "$round"
  done
done

python3 - "$work" "$rounds" "$seconds" "$depth" "$connections" "$started_at" \
  "${BENCH_PORTS:+BENCH_PORTS=$BENCH_PORTS }${BENCH_NO_BUILD:+BENCH_NO_BUILD=1 }benchmarks/pipelining.sh $*" \
  >benchmarks/PIPELINING.md <<'PY'
import re, statistics, sys
from pathlib import Path

work, rounds, seconds, depth, connections, started_at, command = sys.argv[1:]
rounds = int(rounds)


def parse(text):
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", text)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return {
        "rps": rps,
        "p99": float(p99.group(1)) * scale,
        "errors": sum(int(g) for g in errors.groups()) if errors else 0,
        "non2xx": int(non2xx.group(1)) if non2xx else 0,
    }


apps = ["vertx", "jzenith-plain", "jzenith-event-loop"]
names = {
    "vertx": "raw Vert.x",
    "jzenith-plain": "jZenith, plain method (virtual thread), launcher",
    "jzenith-event-loop": "jZenith, the same method `@NonBlocking` (event loop), launcher",
}
runs = {app: [parse(Path(work, f"{app}-{r}.wrk").read_text()) for r in range(1, rounds + 1)] for app in apps}
warned = {app: [line for r in range(1, rounds + 1) for line in Path(work, f"{app}-{r}.warnings").read_text().splitlines()] for app in apps}
warnings = {app: len(lines) for app, lines in warned.items()}
reference = statistics.median(run["rps"] for run in runs["vertx"])

print("## Pipelined plaintext (TechEmpower's shape)\n")
print(f"Written by `{command}` on {started_at}. Do not edit by hand: run it again.\n")
print(f"- `GET /plaintext`, {depth} requests pipelined per write on each of {connections} connections "
      f"(wrk with a Lua script that sends them in one write, as TechEmpower's `pipeline.lua` does), "
      f"{seconds} s measured after 3 s of warm-up, a fresh JVM per run, the server pinned to CPU 0 and wrk "
      f"to CPU 1, {rounds} rounds, each starting with the next variant. The machine is a shared 2-CPU one: compare "
      "the two rows of one run, not runs of different days.")
print("- `jzenith-plain` starts through its launcher (`bin/jzenith-plain`), raw Vert.x with `java -jar`.\n")
print("| app | median requests/s | against raw Vert.x | rounds (requests/s) | median p99 ms (as wrk reports it for pipelined requests) | socket errors | non-2xx | WARN/ERROR lines logged |")
print("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |")
for app in apps:
    rps = [run["rps"] for run in runs[app]]
    median = statistics.median(rps)
    print(f"| {names[app]} | {median:,.0f} | {median / reference:.2f} | "
          f"{', '.join(f'{value:,.0f}' for value in rps)} | "
          f"{statistics.median(run['p99'] for run in runs[app]):.1f} | "
          f"{sum(run['errors'] for run in runs[app])} | {sum(run['non2xx'] for run in runs[app])} | {warnings[app]} |")
jzenith = ["jzenith-plain", "jzenith-event-loop"]
answered = all(run["errors"] == 0 and run["non2xx"] == 0 for app in jzenith for run in runs[app])
print()
print("Every pipelined request to jZenith answered with a 200 and no socket error: "
      + ("**yes**." if answered else "**no**: see the columns above."))
for app in jzenith:
    if warned[app]:
        # The message without its time and thread, once per kind.
        kinds = sorted({re.sub(r"^\S+\s+(WARN|ERROR)\s+\[[^\]]*\]\s*", r"\1 ", line)[:200] for line in warned[app]})
        print(f"\nWhat {names[app]} logged at WARN or above ({len(warned[app])} lines; kinds, shortened):\n")
        for kind in kinds[:5]:
            print(f"- `{kind}`")
PY
cat benchmarks/PIPELINING.md
python3 -c 'import sys; sys.path.insert(0, "benchmarks/harness"); import report, pathlib; report.splice(pathlib.Path("benchmarks/RESULTS.md"), "pipelining")'
