#!/usr/bin/env bash
# The benchmark contract (see benchmarks/README.md): build, or start on a port in the foreground.
# Helidon SE 4 WebServer (virtual threads), JSON-P, JDBC through HikariCP, Mustache.
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
    # Helidon's configuration maps DB_HOST to db.host and so on; the defaults are in application.yaml.
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
    exec "$JAVA_HOME/bin/java" ${JAVA_OPTS-} -Dserver.port="$port" -jar "$here/target/helidon-benchmark.jar"
    ;;
  *) echo "usage: bench.sh build | start PORT" >&2; exit 2 ;;
esac
