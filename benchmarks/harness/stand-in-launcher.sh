#!/bin/sh
# A stand-in for the user service's launcher (examples/user-service/target/user-service/bin/user-service)
# for benchmarks/container.sh while that launcher is not built: runs the jar with scripts/java, adding
# $JAVA_OPTS last and passing the arguments through, as the launcher's contract says. Unlike the
# launcher it picks no JVM settings from the cgroup's limits: the JVM's own ergonomics do.
#   benchmarks/container.sh --launcher stand-in ...
set -eu
root="$(cd "$(dirname "$0")/../.." && pwd)"
# shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
exec "$root/scripts/java" ${JAVA_OPTS-} -jar "$root/examples/user-service/target/user-service.jar" "$@"
