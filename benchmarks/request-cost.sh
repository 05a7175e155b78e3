#!/usr/bin/env bash
# Where a request's CPU goes, jZenith's plain-methods app (through its launcher) against raw Vert.x (issue 41):
# CPU per request by kind of thread, context switches and futex calls per request, bytes allocated per request
# and the hottest methods by CPU time, for /json and GET /users/{id}. Writes benchmarks/REQUEST-COST.md.
#
#   benchmarks/request-cost.sh [--seconds 8] [--runs 3] [--warmup 10] [--connections 64] [--no-build]
#   benchmarks/request-cost.sh --report-only     # rewrite REQUEST-COST.md from results/request-cost/results.json
#
# ~4 minutes with --no-build. Futex calls are counted with perf where it may (root; apt-get install linux-perf).
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in wrk taskset python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "$tool is missing: apt-get install -y wrk util-linux python3" >&2; exit 1; }
done
exec python3 benchmarks/harness/request_cost.py "$@"
