#!/usr/bin/env bash
# The user service's container image, as users deploy it: builds bin/user-service and then the image
# (./mvnw package -Pimage, on the base image of scripts/base-image.sh), loads the image into podman,
# and runs both with 128 MiB and one CPU: whether the JVM in the image accepts its AOT cache, start-up
# to /health/ready (median of interleaved starts) against bin/user-service, and 60 s of the 80/20
# GET/POST mix at 256 connections on PostgreSQL. Writes benchmarks/IMAGE.md and its section of
# RESULTS.md (benchmarks/harness/image.py says how it measures).
#
#   benchmarks/image.sh                               # ~10 minutes here, builds included
#   benchmarks/image.sh --starts 3 --duration 20      # a quicker look
#   benchmarks/image.sh --no-build ...                # the images and builds of the last run
#   benchmarks/image.sh --report-only                 # IMAGE.md again from benchmarks/results/image.json
#
# Needs root (podman's cgroups, the memory cgroup of bin/user-service, apt-get for what is missing)
# and the machine's PostgreSQL on 127.0.0.1:5432 (user postgres). Ports from BENCH_PORTS (a-b).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
export JAVA_HOME

args=() build=1 report_only=0
for arg in "$@"; do
  case "$arg" in
    --no-build) build=0 ;;
    --report-only) report_only=1 ;;
    *) args+=("$arg") ;;
  esac
done
if [ $report_only = 1 ]; then
  exec python3 benchmarks/harness/image.py --image none --reference none --report-only
fi
[ "$(id -u)" -eq 0 ] || { echo "image.sh: needs root (podman, memory cgroups)" >&2; exit 1; }
need=()
for tool in wrk taskset python3 psql; do
  command -v "$tool" >/dev/null 2>&1 || need+=("$tool")
done
if [ ${#need[@]} -gt 0 ]; then
  packages=$(printf '%s\n' "${need[@]}" | sed 's/^taskset$/util-linux/; s/^psql$/postgresql-client/')
  apt-get -o DPkg::Lock::Timeout=300 install -y -q $packages >/dev/null
fi
scripts/podman.sh >/dev/null

reference=target/image-bench/reference
tar=examples/user-service/target/user-service-image.tar
if [ $build = 1 ]; then
  scripts/base-image.sh target/base-image
  echo "building bin/user-service (./mvnw package -pl examples/user-service -am)"
  ./mvnw -q -B package -DskipTests -pl examples/user-service -am
  rm -rf "$reference" && mkdir -p "$(dirname "$reference")"
  cp -a examples/user-service/target/user-service "$reference" # -a: the AOT cache checks the jars' times
  echo "building the image (./mvnw package -Pimage -pl examples/user-service -am)"
  ./mvnw -q -B package -DskipTests -Pimage -pl examples/user-service -am
fi
[ -d "$reference" ] && [ -f "$tar" ] || { echo "image.sh: no build to measure; run without --no-build" >&2; exit 1; }
image=$(podman load -q -i "$tar" | sed -n 's/^Loaded image[^:]*: *//p' | tail -n 1)
[ -n "$image" ] || { echo "image.sh: podman load -i $tar named no image" >&2; exit 1; }
echo "loaded $image"
command="benchmarks/image.sh$([ $build = 1 ] || echo ' --no-build')${args[*]:+ ${args[*]}}"
exec python3 benchmarks/harness/image.py --image "$image" --reference "$reference" --command "$command" \
  ${args[@]+"${args[@]}"}
