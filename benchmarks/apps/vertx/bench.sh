#!/usr/bin/env bash
# The benchmark contract (see benchmarks/README.md): build, or start on a port in the foreground.
# Raw Vert.x 5: core HTTP server verticles (one per processor) and the reactive PostgreSQL client.
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
    exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
      ${JAVA_OPTS-} -jar "$here/target/vertx-benchmark.jar" "$port"
    ;;
  *) echo "usage: bench.sh build | start PORT" >&2; exit 2 ;;
esac
