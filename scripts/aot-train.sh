#!/usr/bin/env bash
# Trains a JDK 25 AOT cache (JEP 483/514/515) for a jZenith service jar, so that it starts several
# times faster: classes arrive loaded and linked, and hot methods arrive profiled.
#
#   scripts/aot-train.sh examples/hello/target/hello.jar /hello?name=World
#   scripts/aot-train.sh app.jar /json /db -- --postgresql.database=hello_world   # arguments for the app
#
# JAVA_OPTS adds JVM flags to the training run; train with the flags (heap, collector, CPU
# affinity) you will run with, since the JVM refuses a cache made under other settings.
#
# The cache is written beside the jar (hello.aot); scripts/java uses it when it is newer than the
# jar. Retrain after every build: a cache only fits the exact classpath it was trained with.
#
# A service built with jzenith-maven-plugin needs none of this: `./mvnw package` trains the cache
# of its distribution (target/APP/lib/APP.aot) through its launcher, and target/APP/bin/APP uses
# it. This script trains a cache for the plain jar, under scripts/java's flags, for the
# benchmark harness and for jars without a distribution.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: scripts/aot-train.sh JAR [PATH_TO_REQUEST ...] [-- APP_ARGUMENT ...]" >&2; exit 2; }
jar=$1; shift
paths=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do paths+=("$1"); shift; done
[ $# -gt 0 ] && shift  # the --; what is left goes to the app
[ -f "$jar" ] || { echo "No jar at $jar; build it first: ./mvnw -q package -DskipTests" >&2; exit 1; }
cache="${jar%.jar}.aot"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log=$(mktemp)
rm -f "$cache"

# shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
JZENITH_NO_AOT=1 scripts/java ${JAVA_OPTS-} -XX:AOTCacheOutput="$cache" -jar "$jar" --rest.port="$port" "$@" \
  >"$log" 2>&1 &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  curl -sf -o /dev/null "http://127.0.0.1:$port/health/live" && break
  kill -0 $pid 2>/dev/null || { cat "$log" >&2; echo "The service exited during training" >&2; exit 1; }
  sleep 0.5
done
# Exercise the paths a real start-up and the first requests take.
for _ in 1 2 3; do
  for path in /health /health/ready /metrics ${paths[@]+"${paths[@]}"}; do
    curl -s -o /dev/null "http://127.0.0.1:$port$path" || true
  done
done
kill -TERM $pid
wait $pid || true
trap - EXIT
[ -f "$cache" ] || { cat "$log" >&2; echo "No AOT cache was written" >&2; exit 1; }
echo "AOT cache written: $cache ($(du -h "$cache" | cut -f1)); scripts/java -jar $jar now uses it"
