#!/usr/bin/env bash
# The benchmark contract (see benchmarks/README.md): build, or start on a port in the foreground.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../../.."
case "${1-}" in
  build)
    "$root/mvnw" -q -B -f "$root/pom.xml" install -DskipTests -pl jzenith-rest,jzenith-postgresql -am
    "$root/mvnw" -q -B -f "$here/pom.xml" package -DskipTests
    ;;
  start)
    port=${2:?usage: bench.sh start PORT}
    . "$root/scripts/jdk.sh"
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
    exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
      ${JAVA_OPTS-} -jar "$here/target/jzenith-benchmark.jar" --rest.port="$port" \
      --postgresql.host="${DB_HOST:-127.0.0.1}" --postgresql.port="${DB_PORT:-5432}" \
      --postgresql.database="${DB_NAME:-hello_world}" --postgresql.username="${DB_USER:-benchmarkdbuser}" \
      --postgresql.password="${DB_PASSWORD:-benchmarkdbpass}"
    ;;
  *) echo "usage: bench.sh build | start PORT" >&2; exit 2 ;;
esac
