#!/usr/bin/env bash
# The benchmark contract (see benchmarks/README.md): build, or start on a port in the foreground.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../../.."
case "${1-}" in
  build)
    # One reactor with jZenith's modules (reactor.xml): the app takes them from their target/
    # folders, and nothing is installed into the local repository.
    "$root/mvnw" -q -B -f "$here/reactor.xml" package -DskipTests -pl :jzenith-benchmark-app -am
    ;;
  start)
    port=${2:?usage: bench.sh start PORT [--key=value ...]}
    shift 2 # what follows the port is passed on, as benchmarks/tracing.sh passes --otel.* settings
    . "$root/scripts/jdk.sh"
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
    exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
      ${JAVA_OPTS-} -jar "$here/target/jzenith-benchmark.jar" --rest.port="$port" \
      --postgresql.host="${DB_HOST:-127.0.0.1}" --postgresql.port="${DB_PORT:-5432}" \
      --postgresql.database="${DB_NAME:-hello_world}" --postgresql.username="${DB_USER:-benchmarkdbuser}" \
      --postgresql.password="${DB_PASSWORD:-benchmarkdbpass}" "$@"
    ;;
  *) echo "usage: bench.sh build | start PORT [--key=value ...]" >&2; exit 2 ;;
esac
