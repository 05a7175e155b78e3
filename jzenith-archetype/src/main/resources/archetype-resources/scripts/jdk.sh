# Finds a JDK 25 or newer and exports JAVA_HOME for it. Sourced (POSIX sh) by ./mvnw and
# scripts/java, so that both work on a machine whose default `java` is older.
# Order: JAVA_HOME when it is 25+, then `java` on the PATH, then the usual install folders.

jz_java_major() {
  # Prints the feature version of the java binary $1 (17, 21, 25, ...) or nothing.
  "$1" -XshowSettings:properties -version 2>&1 |
    sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}

jz_is_jdk25() {
  [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 1
  jz_major=$(jz_java_major "$1/bin/java")
  [ -n "$jz_major" ] && [ "$jz_major" -ge 25 ]
}

jz_find_jdk() {
  # A caller that has checked already (the benchmark harness, timing start-up) skips the probe.
  if [ "${JZENITH_JDK_CHECKED-}" = 1 ] && [ -n "${JAVA_HOME-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then return 0; fi
  if [ -n "${JAVA_HOME-}" ]; then
    if jz_is_jdk25 "$JAVA_HOME"; then return 0; fi
    echo "jZenith: JAVA_HOME=$JAVA_HOME is not a JDK 25 or newer; looking for one elsewhere." >&2
  fi
  if command -v javac >/dev/null 2>&1; then
    jz_candidate=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    if jz_is_jdk25 "$jz_candidate"; then JAVA_HOME=$jz_candidate; export JAVA_HOME; return 0; fi
  fi
  for jz_candidate in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25-jdk* \
      /usr/lib/jvm/*-25* /usr/lib/jvm/*25* /opt/java/openjdk /Library/Java/JavaVirtualMachines/*/Contents/Home; do
    if jz_is_jdk25 "$jz_candidate"; then JAVA_HOME=$jz_candidate; export JAVA_HOME; return 0; fi
  done
  cat >&2 <<'MSG'
jZenith needs a JDK 25 or newer and found none (checked JAVA_HOME, the PATH and /usr/lib/jvm).
Install one, for example Temurin 25 (https://adoptium.net, or the package temurin-25-jdk),
then run again, or point JAVA_HOME at it: export JAVA_HOME=/path/to/jdk-25
MSG
  return 1
}

jz_find_jdk || exit 1
