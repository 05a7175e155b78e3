#!/usr/bin/env bash
# Benchmarks jZenith (and a service written with plain methods, as its README shows) side by side
# with raw Vert.x and the peers users would pick instead, and rewrites benchmarks/RESULTS.md with
# tables and plots from this run. The user service in memory cgroups and virtual threads against
# the worker pool have programs of their own: container.sh and threads.sh (benchmarks/README.md).
#
#   benchmarks/run.sh --quick            # about 25 minutes: fewer connection levels, shorter runs
#   benchmarks/run.sh                    # the full run (see benchmarks/README.md for its length)
#   benchmarks/run.sh --apps jzenith,vertx --endpoints json,plaintext --duration 10
#
# Each app is pinned to CPU 0 and the load generator (wrk) to CPU 1. Installs wrk, hey and gnuplot
# from Debian's packages when missing, and sets up the TechEmpower database in PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
for tool in wrk hey gnuplot taskset curl python3; do
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

benchmarks/db/setup.sh
exec python3 benchmarks/harness/harness.py "$@"
