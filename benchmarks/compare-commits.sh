#!/usr/bin/env bash
# The plain-methods app (apps/jzenith-plain, through its launcher) at an earlier commit against the
# working tree: /json over 64 connections, both pinned to CPU 0 with wrk on CPU 1, in alternating
# rounds (5 s warm-up, 10 s measured), so that a change can be shown to cost nothing where it
# should. Prints one line per run and the medians, and appends a dated row with this command to
# benchmarks/COMPARISONS.md, which RESULTS.md carries; about 2 minutes per round pair.
#
#   benchmarks/compare-commits.sh OLD_COMMIT [ROUNDS] [WHAT]   e.g. benchmarks/compare-commits.sh 2178043 4
#
# WHAT says in the row what the working tree changes against OLD_COMMIT (e.g. "without the head
# watch"); without it the row names the commits alone. The port is a free one of BENCH_PORTS (or
# BENCH_PORT when set).
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: benchmarks/compare-commits.sh OLD_COMMIT [ROUNDS] [WHAT]}
rounds=${2:-4}
what=${3-}
port=${BENCH_PORT:-$(python3 benchmarks/harness/free-port.py)}
started=$(date -u '+%Y-%m-%d %H:%M')
. scripts/jdk.sh
export JAVA_HOME
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }

tree=$(mktemp -d /tmp/jz-compare-XXXXXX)
cleanup() { git worktree remove --force "$tree" >/dev/null 2>&1 || true; }
trap cleanup EXIT
git worktree add -q --detach "$tree" "$old"
# The old app first: both builds install the modules, and each app's lib/ keeps its own copies.
bash "$tree/benchmarks/apps/jzenith-plain/bench.sh" build
bash benchmarks/apps/jzenith-plain/bench.sh build

run() { # name dir
  taskset -c 0 "$2/benchmarks/apps/jzenith-plain/target/jzenith-plain/bin/jzenith-plain" --rest.port="$port" \
    >"$tree/$1.log" 2>&1 &
  local pid=$!
  local up=
  for _ in $(seq 1 1200); do curl -sf "localhost:$port/json" >/dev/null && up=1 && break; sleep 0.05; done
  # A start slower than a minute (a loaded machine) stops the comparison rather than record no figure.
  [ -n "$up" ] || { echo "$1 did not answer /json within 60 s: $(tail -3 "$tree/$1.log")" >&2; kill "$pid"; exit 1; }
  taskset -c 1 wrk -t1 -c64 -d5s "http://127.0.0.1:$port/json" >/dev/null
  local out
  out=$(taskset -c 1 wrk -t1 -c64 -d10s --latency "http://127.0.0.1:$port/json")
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo "$1 $(echo "$out" | awk '/Requests\/sec/ {print $2}') $(echo "$out" | awk '$1=="99%" {print $2}')"
}

results=()
for round in $(seq 1 "$rounds"); do
  for which in old new; do
    line=$(run "$which" "$([ $which = old ] && echo "$tree" || pwd)")
    echo "round $round: $line" >&2
    results+=("$line")
  done
done
# What the new side is: HEAD, and whether the working tree changes it (the usual case: a change not
# committed yet, or one taken away to see what it costs).
new_side=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- . ':!benchmarks/COMPARISONS.md' ':!benchmarks/RESULTS.md' || new_side="$new_side + working tree"
command="benchmarks/compare-commits.sh $old $rounds${what:+ \"$what\"}"
[ -z "${BENCH_PORTS-}" ] || command="BENCH_PORTS=$BENCH_PORTS $command"
printf '%s\n' "${results[@]}" >"$tree/results.txt"
python3 benchmarks/harness/comparisons.py "$tree/results.txt" "$started" "$(date -u '+%H:%M')" "$command" \
  "$(git rev-parse --short "$old")" "$new_side" "$what"
