#!/usr/bin/env bash
# The benchmark contract (see benchmarks/README.md): build, or start on a port in the foreground.
# Spring Boot MVC (Tomcat, virtual threads) + JDBC (HikariCP, JdbcTemplate), run as Boot's executable jar.
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
    export DB_HOST="${DB_HOST:-127.0.0.1}" DB_PORT="${DB_PORT:-5432}" DB_NAME="${DB_NAME:-hello_world}" \
      DB_USER="${DB_USER:-benchmarkdbuser}" DB_PASSWORD="${DB_PASSWORD:-benchmarkdbpass}"
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
    exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED \
      ${JAVA_OPTS-} -jar "$here/target/spring-mvc-benchmark.jar" --server.port="$port"
    ;;
  *) echo "usage: bench.sh build | start PORT" >&2; exit 2 ;;
esac
