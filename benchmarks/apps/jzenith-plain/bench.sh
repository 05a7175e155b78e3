#!/usr/bin/env bash
# The benchmark contract (see benchmarks/README.md): build, or start on a port in the foreground.
#   bench.sh start PORT     the plain-methods service (PlainApplication)
#   bench.sh threads PORT   the blocking endpoints of benchmarks/threads.sh (ThreadsApplication)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../../.."
case "${1-}" in
  build)
    "$root/mvnw" -q -B -f "$root/pom.xml" install -DskipTests -pl jzenith-rest,jzenith-maven-plugin -am
    "$root/mvnw" -q -B -f "$here/pom.xml" package -DskipTests
    ;;
  start)
    port=${2:?usage: bench.sh start PORT}
    # Through its launcher, as users deploy their services (JZENITH_PLAIN_JAR=1: plain java -jar).
    if [ "${JZENITH_PLAIN_JAR-}" != 1 ]; then
      . "$root/scripts/jdk.sh"
      exec "$here/target/jzenith-plain/bin/jzenith-plain" --rest.port="$port"
    fi
    . "$root/scripts/jdk.sh"
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
    exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
      ${JAVA_OPTS-} -jar "$here/target/jzenith-plain.jar" --rest.port="$port"
    ;;
  threads)
    port=${2:?usage: bench.sh threads PORT}
    . "$root/scripts/jdk.sh"
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
    exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
      ${JAVA_OPTS-} -cp "$here/target/jzenith-plain.jar" org.jzenith.benchmarks.plain.ThreadsApplication \
      --rest.port="$port"
    ;;
  *) echo "usage: bench.sh build | start PORT | threads PORT" >&2; exit 2 ;;
esac
