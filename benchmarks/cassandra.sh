#!/usr/bin/env bash
# The user service on Cassandra beside PostgreSQL, through its launcher in memory cgroups (default
# 128 and 512 MiB), under an 80/20 GET/POST mix: requests/s, p50/p99, RSS, whether it lives in the
# limit. Writes benchmarks/CASSANDRA.md. Needs root (cgroups), wrk, taskset, psql.
#
#   benchmarks/cassandra.sh [--duration 60s] [--limits 128,512] [--connections 64] [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
export JAVA_HOME
build=1
args=()
for arg in "$@"; do
  if [ "$arg" = --no-build ]; then build=0; else args+=("$arg"); fi
done
if [ $build = 1 ]; then
  ./mvnw -q -B package -DskipTests -pl jzenith-cassandra-server,examples/user-service -am
fi
# The command as given (with --no-build), for the report.
export CASSANDRA_BENCH_COMMAND="benchmarks/cassandra.sh $*"
exec python3 benchmarks/harness/cassandra_store.py ${args[@]+"${args[@]}"}
