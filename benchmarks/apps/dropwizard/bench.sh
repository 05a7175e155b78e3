#!/usr/bin/env bash
# The benchmark contract (see benchmarks/README.md): build, or start on a port in the foreground.
# Dropwizard 5 (Jetty 12, Jersey, Jackson), JDBI 3 on its managed DataSource, Mustache views.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../../.."
case "${1-}" in
  build)
    "$root/mvnw" -q -B -f "$here/pom.xml" package -DskipTests
    ;;
  start)
    port=${2:?usage: bench.sh start PORT}
    . "$root/scripts/jdk.sh"
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
    exec "$JAVA_HOME/bin/java" ${JAVA_OPTS-} "-Ddw.server.applicationConnectors[0].port=$port" \
      -jar "$here/target/dropwizard-benchmark.jar" server "$here/config.yml"
    ;;
  *) echo "usage: bench.sh build | start PORT" >&2; exit 2 ;;
esac
