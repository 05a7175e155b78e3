#!/usr/bin/env bash
# The user service as users deploy it: started by its launcher inside a memory cgroup of 64, 96, 128
# and 256 MiB, on each store (embedded H2, reactive PostgreSQL, Redis), under an 80/20 GET/POST mix
# over 256 connections; writes benchmarks/CONTAINER.md, its section of RESULTS.md and
# report/container-*.png. See benchmarks/README.md.
#
#   benchmarks/container.sh                                         # the full run, ~2.5 hours
#   benchmarks/container.sh --duration 20s --stores jdbc --limits 128  # a quick check, ~1.5 minutes
#   benchmarks/container.sh --launcher stand-in ...                 # until the launcher is built
#
# Needs root for the cgroups (cgroup v1 or v2, whichever the machine has). Interrupted, it cleans up;
# run the same command again and it skips the configurations it finished (--fresh measures them again).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
for tool in wrk gnuplot taskset python3 psql redis-server; do
  command -v "$tool" >/dev/null 2>&1 || need+=("$tool")
done
if [ ${#need[@]} -gt 0 ]; then
  packages=$(printf '%s\n' "${need[@]}" | sed 's/^gnuplot$/gnuplot-nox/; s/^taskset$/util-linux/; s/^psql$/postgresql-client/')
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing tools: ${need[*]}; install them as root: apt-get install -y $packages" >&2
    exit 1
  fi
  apt-get install -y -q $packages >/dev/null
fi
[ "$(id -u)" -eq 0 ] || echo "container.sh: not root, so no memory cgroup can be made; falling back to -XX:MaxRAM" >&2

build=1
for arg in "$@"; do
  case "$arg" in --no-build | --report-only | -h | --help) build=0 ;; esac
done
if [ $build = 1 ]; then
  echo "building the user service (./mvnw package -pl examples/user-service -am)"
  ./mvnw -q -B package -DskipTests -pl examples/user-service -am
fi
args=()
for arg in "$@"; do [ "$arg" = --no-build ] || args+=("$arg"); done
exec python3 benchmarks/harness/container.py ${args[@]+"${args[@]}"}
