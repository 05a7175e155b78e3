#!/usr/bin/env bash
# What a root resource made per request costs against a singleton: benchmarks/lifecycle/ResourceLifecycle.java
# on jzenith-rest's class path (Guice as jZenith binds resources, jZenith's @Context field listener),
# alternating rounds, medians printed. About 30 seconds.
#
#   benchmarks/lifecycle.sh [ROUNDS] [REQUESTS_PER_ROUND]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
export JAVA_HOME
cp=$(mktemp /tmp/jz-lifecycle-cp-XXXXXX)
trap 'rm -f "$cp"' EXIT
./mvnw -o -q -pl jzenith-rest install -DskipTests
./mvnw -o -q -pl jzenith-rest dependency:build-classpath -Dmdep.outputFile="$cp" -Dmdep.includeScope=runtime
taskset -c 0 "$JAVA_HOME/bin/java" -Xmx256m -cp "jzenith-rest/target/classes:$(cat "$cp")" \
  benchmarks/lifecycle/ResourceLifecycle.java "$@"
