# Finds a JDK 25 or newer and exports JAVA_HOME for it. Sourced (POSIX sh) by ./mvnw and
# scripts/java, so that both work on a machine whose default `java` is older.
# Order: JAVA_HOME when it is 25+, then `java` on the PATH, then the usual install folders.

jz_java_major() {
  # Prints the feature version of the java binary $1 (17, 21, 25, ...) or nothing.
  "$1" -XshowSettings:properties -version 2>&1 |
    sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}

jz_seen=
jz_is_jdk25() {
  # Whether $1 is a JDK 25 or newer; notes in jz_seen what it was otherwise, for the message below.
  [ -x "$1/bin/java" ] || return 1
  jz_major=$(jz_java_major "$1/bin/java")
  if [ -n "$jz_major" ] && [ "$jz_major" -ge 25 ] && [ -x "$1/bin/javac" ]; then return 0; fi
  case " $jz_seen " in *" $1 "*) return 1 ;; esac
  if [ -z "$jz_major" ]; then
    jz_seen="$jz_seen${jz_seen:+, }$1 (version unknown)"
  elif [ "$jz_major" -ge 25 ]; then
    jz_seen="$jz_seen${jz_seen:+, }$1 (Java $jz_major without javac)"
  else
    jz_seen="$jz_seen${jz_seen:+, }$1 (Java $jz_major)"
  fi
  return 1
}

jz_use() {
  if [ -n "$jz_given" ]; then
    echo "jZenith: JAVA_HOME=$jz_given is not a JDK 25 or newer; using the one at $1." >&2
  fi
  JAVA_HOME=$1
  export JAVA_HOME
}

jz_find_jdk() {
  # A caller that has checked already (the benchmark harness, timing start-up) skips the probe.
  if [ "${JZENITH_JDK_CHECKED-}" = 1 ] && [ -n "${JAVA_HOME-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then return 0; fi
  if [ -n "${JAVA_HOME-}" ] && jz_is_jdk25 "$JAVA_HOME"; then return 0; fi
  jz_given=${JAVA_HOME-}
  for jz_tool in javac java; do
    if command -v "$jz_tool" >/dev/null 2>&1; then
      jz_candidate=$(dirname "$(dirname "$(readlink -f "$(command -v "$jz_tool")")")")
      if jz_is_jdk25 "$jz_candidate"; then jz_use "$jz_candidate"; return 0; fi
    fi
  done
  # JZENITH_JDK_ROOT puts the usual install folders under another folder: for tests of this script.
  jz_root=${JZENITH_JDK_ROOT-}
  # ./mvnw runs with `set -f`, under which the patterns below would stay unexpanded words.
  case $- in *f*) jz_noglob=1; set +f ;; *) jz_noglob= ;; esac
  for jz_candidate in "$jz_root"/usr/lib/jvm/temurin-25-jdk-amd64 "$jz_root"/usr/lib/jvm/temurin-25-jdk* \
      "$jz_root"/usr/lib/jvm/*-25* "$jz_root"/usr/lib/jvm/*25* "$jz_root"/opt/java/openjdk \
      "$jz_root"/Library/Java/JavaVirtualMachines/*/Contents/Home; do
    if jz_is_jdk25 "$jz_candidate"; then break; fi
    jz_candidate=
  done
  [ -z "$jz_noglob" ] || set -f
  if [ -n "$jz_candidate" ]; then jz_use "$jz_candidate"; return 0; fi
  # One line that says what is needed and what was found, rather than a JVM's error about an option.
  echo "jZenith needs a JDK 25 or newer to build and run, and found ${jz_seen:+only }${jz_seen:-no Java at all} (it looked at JAVA_HOME, the PATH and /usr/lib/jvm); install one, such as Temurin 25, and set JAVA_HOME to it." >&2
  return 1
}

jz_find_jdk || exit 1
