#!/usr/bin/env bash
# The benchmark contract (see benchmarks/README.md): build, or start on a port in the foreground.
#   bench.sh start PORT     the plain-methods service (PlainApplication)
#   bench.sh threads PORT   the blocking endpoints of benchmarks/threads.sh (ThreadsApplication)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../../.."
case "${1-}" in
  build)
    "$root/mvnw" -q -B -f "$root/pom.xml" install -DskipTests -pl jzenith-rest -am
    "$root/mvnw" -q -B -f "$here/pom.xml" package -DskipTests
    ;;
  start | threads)
    port=${2:?usage: bench.sh start PORT}
    # -jar for the service, as users run theirs (and as the harness trains its AOT cache).
    main=(-jar "$here/target/jzenith-plain.jar")
    [ "$1" = threads ] && main=(-cp "$here/target/jzenith-plain.jar" org.jzenith.benchmarks.plain.ThreadsApplication)
    . "$root/scripts/jdk.sh"
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
    exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
      ${JAVA_OPTS-} "${main[@]}" --rest.port="$port"
    ;;
  *) echo "usage: bench.sh build | start PORT | threads PORT" >&2; exit 2 ;;
esac
