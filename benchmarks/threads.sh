#!/usr/bin/env bash
# Virtual threads against Vert.x's worker pool, for jZenith: endpoints that block for 200 ms (with
# and without a pool of 50 permits), as plain methods (virtual threads) and with @Blocking (the
# worker pool), at 20, 50, 100 and 200 concurrent clients. Writes benchmarks/THREADS.md, its section
# of RESULTS.md and report/threads.png. See benchmarks/README.md.
#
#   benchmarks/threads.sh                  # 20 s per level, ~7 minutes
#   benchmarks/threads.sh --duration 5     # a quick check, ~2.5 minutes
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
for tool in wrk gnuplot taskset python3 curl; do
  command -v "$tool" >/dev/null 2>&1 || need+=("$tool")
done
if [ ${#need[@]} -gt 0 ]; then
  packages=$(printf '%s\n' "${need[@]}" | sed 's/^gnuplot$/gnuplot-nox/; s/^taskset$/util-linux/')
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing tools: ${need[*]}; install them as root: apt-get install -y $packages" >&2
    exit 1
  fi
  apt-get install -y -q $packages >/dev/null
fi

build=1
args=()
for arg in "$@"; do
  case "$arg" in
    --no-build) build=0 ;;
    --report-only | -h | --help) build=0; args+=("$arg") ;;
    *) args+=("$arg") ;;
  esac
done
if [ $build = 1 ]; then
  echo "building benchmarks/apps/jzenith-plain"
  benchmarks/apps/jzenith-plain/bench.sh build
fi
exec python3 benchmarks/harness/threads.py ${args[@]+"${args[@]}"}
