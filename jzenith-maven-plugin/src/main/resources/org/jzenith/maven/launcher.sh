
# ---- The body of a jZenith launcher: jzenith-maven-plugin puts the lines above (the
# application's name, main class and classpath) in front of it. POSIX sh only: it must run in a
# slim image that has a JRE 25 and /bin/sh (dash, busybox ash) and nothing else.
#
#   bin/APP [APPLICATION ARGUMENT ...]     arguments go to the application unchanged
#
# It reads the memory and CPU limits of the cgroup it runs in (v2 and v1, nested, through
# /proc/self/cgroup and /proc/self/mountinfo), picks the JVM's settings for them, adds the
# trained AOT cache when there is one, and execs java, so that signals reach the JVM.
#
# Environment:
#   JAVA_HOME                  the Java 25 to use; else `java` on the PATH
#   JAVA_OPTS                  JVM flags added after the launcher's own, so they win
#   JZENITH_LAUNCHER_DEBUG=1   say what was picked and why (on stderr), then start
#   JZENITH_LAUNCHER_DRY_RUN=1 print the java command, one argument per line, and exit
#   JZENITH_MEMORY_LIMIT=128m  size for this memory instead of the cgroup's (k, m, g or bytes)
#   JZENITH_CPU_LIMIT=1        size for this many CPUs instead of the cgroup's and the affinity's
#   JZENITH_AOT=auto           auto: use lib/APP.aot when present; off: never;
#                              on: use it and fail if the JVM cannot (-XX:AOTMode=on);
#                              train: write lib/APP.aot when the JVM exits (the build does this)
#   JZENITH_LAUNCHER_ROOT      read /proc, /sys and the Java install folders under this folder (tests)
#   JZENITH_SCHEDULING=batch   batch: run the JVM under SCHED_BATCH when chrt can (see below);
#                              other: the system's default scheduling

jz_say() {
  if [ "${JZENITH_LAUNCHER_DEBUG-}" = 1 ]; then printf '%s launcher: %s\n' "$JZ_APP" "$*" >&2; fi
}

jz_fail() {
  printf '%s launcher: %s\n' "$JZ_APP" "$*" >&2
  exit 1
}

# ---- Where the distribution is: bin/.. of this script, through symbolic links.
jz_self=$0
while [ -h "$jz_self" ]; do
  jz_link=$(ls -ld "$jz_self")
  jz_link=${jz_link#*' -> '}
  case $jz_link in
    /*) jz_self=$jz_link ;;
    *) jz_self=$(dirname "$jz_self")/$jz_link ;;
  esac
done
JZ_HOME=$(cd "$(dirname "$jz_self")/.." && pwd -P) || jz_fail "cannot find the distribution folder of $0"

# ---- Java 25 or newer: JAVA_HOME, then the PATH, then the usual install folders.
jz_root=${JZENITH_LAUNCHER_ROOT-}

jz_java_version() {
  # The release file beside bin/ costs nothing; starting a JVM to ask would cost 50 ms.
  jz_bin=$1
  while [ -h "$jz_bin" ]; do
    jz_link=$(ls -ld "$jz_bin")
    jz_link=${jz_link#*' -> '}
    case $jz_link in
      /*) jz_bin=$jz_link ;;
      *) jz_bin=$(dirname "$jz_bin")/$jz_link ;;
    esac
  done
  jz_release=$(dirname "$(dirname "$jz_bin")")/release
  if [ -r "$jz_release" ]; then
    sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$jz_release"
  else
    "$1" -version 2>&1 | sed -n '1s/^[^"]*"\([0-9]*\).*/\1/p'
  fi
}

jz_java=
jz_seen=
jz_try_java() {
  # Takes $1 when it is a Java 25 or newer; otherwise notes what it was.
  [ -z "$jz_java" ] && [ -x "$1" ] || return 0
  jz_major=$(jz_java_version "$1")
  case $jz_major in
    '' | *[!0-9]*) jz_seen="$jz_seen $1 (version unknown);" ;;
    *)
      if [ "$jz_major" -ge 25 ]; then jz_java=$1; else jz_seen="$jz_seen $1 (Java $jz_major);"; fi
      ;;
  esac
}
[ -n "${JAVA_HOME-}" ] && jz_try_java "$JAVA_HOME/bin/java"
if [ -z "$jz_java" ] && [ -n "${JAVA_HOME-}" ]; then
  printf '%s launcher: JAVA_HOME=%s is not a Java 25 or newer; looking elsewhere\n' "$JZ_APP" "$JAVA_HOME" >&2
fi
[ -z "$jz_java" ] && jz_try_java "$(command -v java 2>/dev/null)"
if [ -z "$jz_java" ]; then
  for jz_candidate in "$jz_root"/opt/java/openjdk "$jz_root"/usr/lib/jvm/*25* "$jz_root"/usr/lib/jvm/* \
      "$jz_root"/usr/local/openjdk-*; do
    jz_try_java "$jz_candidate/bin/java"
  done
fi
[ -n "$jz_java" ] || jz_fail "needs Java 25 or newer and found none (JAVA_HOME, the PATH, /usr/lib/jvm, /opt/java/openjdk;${jz_seen:- nothing found}). Install one (for example Temurin 25, https://adoptium.net, or the image eclipse-temurin:25-jre) and set JAVA_HOME to it."
jz_say "java: $jz_java"

# ---- The container's limits.

jz_to_mib() {
  # "max", "-1", huge numbers (no limit) print nothing; bytes print MiB.
  case $1 in
    '' | max | -*) return 0 ;;
    *[!0-9]*) return 0 ;;
  esac
  # 2^53 and more is "no limit" (v1 says 9223372036854771712); also keeps sh arithmetic in range.
  [ ${#1} -ge 16 ] && return 0
  echo $(($1 / 1048576))
}

jz_parse_size() {
  # 128m, 1g, 512k, 134217728 -> MiB
  case $1 in
    *[gG]) echo $((${1%?} * 1024)) ;;
    *[mM]) echo "${1%?}" ;;
    *[kK]) echo $((${1%?} / 1024)) ;;
    *[!0-9]* | '') jz_fail "JZENITH_MEMORY_LIMIT=$1 is not a size; write it as 128m, 1g or in bytes." ;;
    *) jz_to_mib "$1" ;;
  esac
}

jz_mount_of() {
  # The mount point and root of the cgroup hierarchy that has controller $1 (or cgroup2 for
  # "unified"), from mountinfo: "id parent dev root mountpoint options ... - fstype source superoptions".
  [ -r "$jz_root/proc/self/mountinfo" ] || return 1
  while read -r _ _ _ jz_mroot jz_mpoint jz_rest; do
    jz_fs=${jz_rest#* - }
    jz_type=${jz_fs%% *}
    jz_super=${jz_fs##* }
    if [ "$1" = unified ]; then
      [ "$jz_type" = cgroup2 ] || continue
    else
      [ "$jz_type" = cgroup ] || continue
      case ",$jz_super," in *",$1,"*) ;; *) continue ;; esac
    fi
    echo "$jz_mroot $jz_mpoint"
    return 0
  done <"$jz_root/proc/self/mountinfo"
  return 1
}

jz_cgroup_dir() {
  # The folder of this process's cgroup in the hierarchy of controller $1 ("unified" for v2):
  # its path in /proc/self/cgroup, seen from where that hierarchy is mounted.
  [ -r "$jz_root/proc/self/cgroup" ] || return 1
  jz_path=
  while IFS=: read -r jz_id jz_ctrls jz_p; do
    if [ "$1" = unified ]; then
      [ "$jz_id" = 0 ] && [ -z "$jz_ctrls" ] && jz_path=$jz_p
    else
      case ",$jz_ctrls," in *",$1,"*) jz_path=$jz_p ;; esac
    fi
  done <"$jz_root/proc/self/cgroup"
  [ -n "$jz_path" ] || return 1
  jz_m=$(jz_mount_of "$1") || return 1
  jz_mroot=${jz_m%% *}
  jz_mpoint=$jz_root${jz_m#* }
  if [ "$jz_mroot" = / ]; then
    jz_dir=$jz_mpoint${jz_path%/}
  else
    case $jz_path in
      "$jz_mroot" | "$jz_mroot"/*) jz_dir=$jz_mpoint${jz_path#"$jz_mroot"} ;;
      *) jz_dir=$jz_mpoint ;; # a cgroup namespace: the mount is our own cgroup
    esac
  fi
  [ -d "$jz_dir" ] || jz_dir=$jz_mpoint
  echo "$jz_mpoint $jz_dir"
}

jz_memory_mib=
jz_memory_from=
jz_walk_memory() {
  # The lowest limit from this cgroup up to the mount: a parent's limit binds its children.
  jz_d=$(jz_cgroup_dir "$1") || return 0
  jz_top=${jz_d%% *}
  jz_dir=${jz_d#* }
  while :; do
    if [ -r "$jz_dir/$2" ]; then
      jz_v=
      # (A last line without a newline still reads, though read then says it failed.)
      read -r jz_v <"$jz_dir/$2" || :
      jz_mib=$(jz_to_mib "$jz_v")
      if [ -n "$jz_mib" ] && { [ -z "$jz_memory_mib" ] || [ "$jz_mib" -lt "$jz_memory_mib" ]; }; then
        jz_memory_mib=$jz_mib
        jz_memory_from="$3 ${jz_dir#"$jz_root"}/$2"
      fi
    fi
    [ "$jz_dir" = "$jz_top" ] && break
    jz_dir=$(dirname "$jz_dir")
    case $jz_dir in "$jz_top"/* | "$jz_top") ;; *) break ;; esac
  done
}

jz_cpu_quota=
jz_cpu_from=
jz_note_quota() {
  # $1 quota, $2 period (microseconds), $3 where; keeps the lowest, rounded up to whole CPUs.
  case $1$2 in '' | *[!0-9]*) return 0 ;; esac
  [ "$2" -gt 0 ] || return 0
  jz_q=$((($1 + $2 - 1) / $2))
  [ "$jz_q" -ge 1 ] || jz_q=1
  if [ -z "$jz_cpu_quota" ] || [ "$jz_q" -lt "$jz_cpu_quota" ]; then
    jz_cpu_quota=$jz_q
    jz_cpu_from=$3
  fi
}

jz_walk_cpu() {
  jz_d=$(jz_cgroup_dir "$1") || return 0
  jz_top=${jz_d%% *}
  jz_dir=${jz_d#* }
  while :; do
    if [ "$1" = unified ] && [ -r "$jz_dir/cpu.max" ]; then
      jz_quota='' jz_period=''
      read -r jz_quota jz_period <"$jz_dir/cpu.max" || :
      jz_note_quota "$jz_quota" "$jz_period" "cgroup v2 ${jz_dir#"$jz_root"}/cpu.max"
    elif [ -r "$jz_dir/cpu.cfs_quota_us" ] && [ -r "$jz_dir/cpu.cfs_period_us" ]; then
      jz_quota='' jz_period=''
      read -r jz_quota <"$jz_dir/cpu.cfs_quota_us" || :
      read -r jz_period <"$jz_dir/cpu.cfs_period_us" || :
      jz_note_quota "$jz_quota" "$jz_period" "cgroup v1 ${jz_dir#"$jz_root"}/cpu.cfs_quota_us"
    fi
    [ "$jz_dir" = "$jz_top" ] && break
    jz_dir=$(dirname "$jz_dir")
    case $jz_dir in "$jz_top"/* | "$jz_top") ;; *) break ;; esac
  done
}

if [ -n "${JZENITH_MEMORY_LIMIT-}" ]; then
  jz_memory_mib=$(jz_parse_size "$JZENITH_MEMORY_LIMIT") || exit 1
  # A bare number is bytes, as in a cgroup's own files: JZENITH_MEMORY_LIMIT=128 meant 128m, and
  # sizing the JVM for it would start a service that cannot live.
  [ "${jz_memory_mib:-0}" -ge 32 ] ||
    jz_fail "JZENITH_MEMORY_LIMIT=$JZENITH_MEMORY_LIMIT is ${jz_memory_mib:-0} MiB, less than the 32 MiB any JVM service needs; a bare number is bytes: write 128m for 128 MiB."
  jz_memory_from="JZENITH_MEMORY_LIMIT=$JZENITH_MEMORY_LIMIT"
else
  # Both versions: a hybrid host mounts cgroup2 and still keeps the memory controller on v1.
  jz_walk_memory unified memory.max "cgroup v2"
  jz_walk_memory memory memory.limit_in_bytes "cgroup v1"
fi

if [ -n "${JZENITH_CPU_LIMIT-}" ]; then
  case $JZENITH_CPU_LIMIT in '' | *[!0-9]* | 0) jz_fail "JZENITH_CPU_LIMIT=$JZENITH_CPU_LIMIT is not a whole number of CPUs." ;; esac
  jz_cpus=$JZENITH_CPU_LIMIT
  jz_cpu_from="JZENITH_CPU_LIMIT"
else
  jz_walk_cpu unified
  jz_walk_cpu cpu
  # The CPUs this process may run on (taskset, cpuset); the JVM counts the same way.
  jz_cpus=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
  jz_affinity=$jz_cpus
  if [ -n "$jz_cpu_quota" ] && [ "$jz_cpu_quota" -lt "$jz_cpus" ]; then
    jz_cpus=$jz_cpu_quota
    jz_cpu_from="$jz_cpu_from (affinity allows $jz_affinity)"
  else
    jz_cpu_from="affinity${jz_cpu_from:+, quota from $jz_cpu_from}"
  fi
fi

# ---- The JVM's settings for those limits. The numbers come from measuring the example user
# service (embedded H2) in memory cgroups of 64 to 512 MiB; README.md has the figures.
jz_flags=
jz_add() { jz_flags="$jz_flags $*"; }

# Flags the JVM needs whatever the limits. UseCompactObjectHeaders saves 10-20% of the heap and
# must be the same as when the AOT cache was trained, so it is always on (README: AOT cache).
jz_add -XX:+UseCompactObjectHeaders -XX:+ExitOnOutOfMemoryError
jz_add --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow
jz_add -Dio.netty.jfr.enabled=false -Dguice_custom_class_loading=CHILD

jz_opts=" ${JAVA_OPTS-} "
jz_user_sets() {
  # Whether JAVA_OPTS has a flag matching one of the patterns; then the launcher leaves it alone.
  for jz_pattern in "$@"; do
    case $jz_opts in *" $jz_pattern"*) return 0 ;; esac
  done
  return 1
}

if [ -z "$jz_memory_mib" ]; then
  jz_say "no memory limit found (no cgroup limit, JZENITH_MEMORY_LIMIT unset): the JVM sizes its heap itself; $jz_cpus CPU(s) from $jz_cpu_from"
  jz_tier=none
  if ! jz_user_sets -Xms -XX:InitialHeapSize -Xmx -XX:MaxRAM -XX:MaxHeapSize; then
    # The JVM's own initial heap is 1/64 of the machine's memory (368 MiB of 23 GiB), and every
    # page that start-up allocates into stays resident: a small start and a heap that grows as the
    # service needs keep RSS after start near what the service uses. Not below 8 MiB: see -Xms below.
    jz_add -Xms16m
    jz_say "initial heap -Xms16m: the heap grows to the JVM's own maximum as the service needs"
  fi
  if jz_user_sets -XX:ArchiveRelocationMode; then
    jz_add -XX:+UnlockDiagnosticVMOptions # JAVA_OPTS' own mode is a diagnostic flag too
  else
    # As in a container (below): class archives at their own address stay shared file pages.
    jz_add -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0
  fi
else
  jz_say "memory limit $jz_memory_mib MiB from $jz_memory_from; $jz_cpus CPU(s) from $jz_cpu_from"
  if [ "$jz_memory_mib" -lt 192 ]; then
    jz_tier=small
  elif [ "$jz_memory_mib" -le 1024 ]; then
    jz_tier=medium
  else
    jz_tier=large
  fi
fi

if [ "$jz_tier" != none ]; then
  # What the JVM needs besides the heap for a service like the example user service, measured in
  # memory cgroups (README.md, "Running in a container"): 45-70 MiB of classes, code, threads,
  # GC and malloc, and the AOT cache's file pages (up to its size) that the kernel may reclaim.
  case $jz_tier in
    small)
      # The AOT cache's pages (about 50 MiB of the example's 80 MiB cache are read at start) must
      # stay in memory beside the heap: when the kernel has to take them back again and again,
      # the service stalls rather than dies (measured at 128 MiB with -Xmx48m: 190 requests/s).
      jz_heap=$((jz_memory_mib * 3 / 8 - 16))
      [ "$jz_heap" -ge 16 ] || jz_heap=16
      jz_meta=64 jz_code=24 jz_stack=512k
      ;;
    medium)
      # From 192 MiB the AOT cache's pages stay in memory, and C2 (below) has room for its arenas:
      # the JVM needs about 128 MiB besides the heap then (cache pages, code, C2, threads,
      # metaspace), so the heap takes the rest, up to three quarters of the limit. Measured with
      # benchmarks/container.sh (docs/deployment.md, "What the launcher picks").
      jz_heap=$((jz_memory_mib - 128))
      [ "$jz_heap" -le $((jz_memory_mib * 3 / 4)) ] || jz_heap=$((jz_memory_mib * 3 / 4))
      jz_meta=128 jz_code=48 jz_stack=''
      ;;
    large)
      jz_heap=$((jz_memory_mib * 70 / 100))
      jz_meta='' jz_code='' jz_stack=''
      ;;
  esac
  jz_direct=$((jz_memory_mib / 16))
  [ "$jz_direct" -ge 8 ] || jz_direct=8
  if [ "$jz_memory_mib" -lt 96 ]; then
    # Said always: below this the kernel may end the service with SIGKILL, which leaves no log line.
    printf '%s launcher: warning: %s MiB of memory is below the 96 MiB a service like the example user service needs; it may be killed by the kernel without a message (see JZENITH_LAUNCHER_DEBUG=1)\n' "$JZ_APP" "$jz_memory_mib" >&2
  fi

  if ! jz_user_sets -XX:+UseSerialGC -XX:+UseG1GC -XX:+UseParallelGC -XX:+UseZGC -XX:+UseShenandoahGC -XX:+UseEpsilonGC; then
    if [ "$jz_memory_mib" -le 1024 ] || [ "$jz_cpus" -lt 2 ]; then
      jz_add -XX:+UseSerialGC
      jz_say "collector Serial: the least memory of its own (the JVM's own choice too for 1 CPU or under 1792 MiB)"
    else
      jz_add -XX:+UseG1GC
      jz_say "collector G1: $jz_cpus CPUs and $jz_memory_mib MiB"
    fi
  fi
  if ! jz_user_sets -Xmx -XX:MaxRAM -XX:MaxHeapSize; then
    jz_add "-Xmx${jz_heap}m"
    jz_say "heap -Xmx${jz_heap}m ($jz_tier tier: the rest of $jz_memory_mib MiB is for classes, code, threads, buffers and the AOT cache)"
  fi
  if ! jz_user_sets -Xms -XX:InitialHeapSize; then
    # A small start, so that memory after start-up is what the service needs; the heap grows.
    # Not below 8 MiB: the JVM loads the AOT cache's archived objects into the initial heap, and
    # with less (the JVM's own default in a 128 MiB container is 2 MiB) it refuses to start at
    # all, even in the default AOT mode: "archived heap objects cannot be loaded".
    jz_xms=$((jz_heap / 4))
    [ "$jz_xms" -ge 8 ] || jz_xms=8
    jz_user_sets -Xmx -XX:MaxRAM -XX:MaxHeapSize && jz_xms=8
    jz_add "-Xms${jz_xms}m"
  fi
  if [ "${JZENITH_AOT-}" = train ]; then
    # The JVM writes the AOT cache within the metaspace limit, and a service like the example
    # needs 80 MB of cache; a cache made without the limit is still accepted under it.
    jz_meta=
  fi
  if [ -n "$jz_meta" ] && ! jz_user_sets -XX:MaxMetaspaceSize; then
    jz_add "-XX:MaxMetaspaceSize=${jz_meta}m"
    jz_say "metaspace at most ${jz_meta}m: a class leak ends in an OutOfMemoryError that names it, not in the kernel's kill"
  fi
  if [ -n "$jz_code" ] && ! jz_user_sets -XX:ReservedCodeCacheSize; then
    jz_add "-XX:ReservedCodeCacheSize=${jz_code}m"
  fi
  if ! jz_user_sets -XX:MaxDirectMemorySize; then
    jz_add "-XX:MaxDirectMemorySize=${jz_direct}m"
    jz_say "direct memory at most ${jz_direct}m: Netty's adaptive allocator (Vert.x 5's default) takes its buffers there"
  fi
  if [ -n "$jz_stack" ] && ! jz_user_sets -Xss -XX:ThreadStackSize; then
    jz_add "-Xss$jz_stack"
  fi
  if [ "$jz_tier" = small ] && ! jz_user_sets -XX:TieredStopAtLevel -XX:-TieredCompilation -XX:+TieredCompilation; then
    # C2 compiles in arenas of 15-25 MiB and, on one CPU, competes with the service for it: below
    # 192 MiB the C1 compiler alone starts faster, holds less and is not killed. From 192 MiB the
    # JVM's default tiered compilation (C1, then C2 for hot code) has room, and serves more.
    jz_add -XX:TieredStopAtLevel=1
    jz_say "JIT: C1 only (-XX:TieredStopAtLevel=1): no C2 arenas, no C2 compiling on the service's CPU"
  fi
  if [ "$jz_tier" != large ] && ! jz_user_sets -XX:TrimNativeHeapInterval; then
    # Give malloc'ed memory that the JIT and class loading freed back to the kernel.
    jz_add -XX:TrimNativeHeapInterval=5000
  fi
  if [ "$jz_tier" != large ] && jz_user_sets -XX:ArchiveRelocationMode; then
    jz_add -XX:+UnlockDiagnosticVMOptions # JAVA_OPTS' own mode is a diagnostic flag too
  elif [ "$jz_tier" != large ]; then
    # By default the JVM maps the class archives (the JDK's and the AOT cache) at a random address
    # and rewrites every pointer in them, which turns up to 27 MiB of shared file pages into private
    # memory. Mapping at the archive's own address keeps them shared and saves that (measured:
    # 27 MiB with the example's AOT cache, 6 MiB without), at the cost of address randomisation
    # for class metadata.
    jz_add -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0
    jz_say "class archives at their own address (-XX:ArchiveRelocationMode=0): 6-27 MiB less private memory"
  fi
fi

if [ -z "${MALLOC_ARENA_MAX-}" ]; then
  # glibc keeps up to 8 malloc arenas per CPU, each growing on its own; two are plenty here.
  MALLOC_ARENA_MAX=2
  export MALLOC_ARENA_MAX
fi

# ---- The AOT cache, trained by the build under these same flags. (A separate argument: the
# distribution's folder may have spaces in its name.)
jz_cache=$JZ_HOME/lib/$JZ_APP.aot
jz_aot=
case ${JZENITH_AOT:-auto} in
  auto)
    # JZ_AOT_FROM_MIB (the distribution's jzenith.aot.fromMemory) moves the threshold for a service
    # that needs the cache more than it loses to its pages: one with many more classes.
    if [ -f "$jz_cache" ] && [ -n "$jz_memory_mib" ] && [ "$jz_memory_mib" -lt "${JZ_AOT_FROM_MIB:-192}" ]; then
      # The cache saves 25 MiB of the JVM's own memory but wants its file pages (50 MiB of the
      # example's 80 MiB cache) kept in memory too, beside the JDK's: below 192 MiB the kernel
      # takes them back again and again and the service stalls (measured: 128 MiB, 200
      # requests/s instead of 5,000; 96 MiB, 49 s to start; 160 MiB, requests timing out).
      # Without it the service starts half as fast and runs.
      jz_say "AOT cache not used below ${JZ_AOT_FROM_MIB:-192} MiB (JZENITH_AOT=on uses it): its pages would not stay in memory"
    elif [ -f "$jz_cache" ]; then
      jz_aot=-XX:AOTCache=$jz_cache
      jz_say "AOT cache $jz_cache"
    else
      jz_say "no AOT cache at $jz_cache: starting without"
    fi
    ;;
  on)
    [ -f "$jz_cache" ] || jz_fail "JZENITH_AOT=on, but there is no AOT cache at $jz_cache; build it with ./mvnw package."
    jz_add -XX:AOTMode=on
    jz_aot=-XX:AOTCache=$jz_cache
    ;;
  off) jz_say "AOT cache off (JZENITH_AOT=off)" ;;
  train)
    rm -f "$jz_cache"
    jz_aot=-XX:AOTCacheOutput=$jz_cache
    jz_say "training: the AOT cache is written to $jz_cache when the JVM exits"
    ;;
  *) jz_fail "JZENITH_AOT=$JZENITH_AOT is not one of auto, on, off, train." ;;
esac

# ---- The classpath: the names in lib/, in the order the build resolved them (the AOT cache
# holds the classpath it was trained with, so the order is fixed rather than a wildcard's).
jz_cp=
jz_ifs=$IFS
IFS=:
for jz_jar in $JZ_CLASSPATH; do
  jz_cp=${jz_cp:+$jz_cp:}$JZ_HOME/lib/$jz_jar
done
IFS=$jz_ifs

# ---- CPU scheduling. A request on a virtual thread crosses threads twice: the event loop starts
# the virtual thread, and the thread hands the answer back. Under the default policy each wake-up
# preempts the thread that woke it, so on the CPUs event loops and carriers share, every request
# costs about two context switches. SCHED_BATCH wakes without preempting: the event loop finishes
# its batch of requests first, the carrier then runs their virtual threads one after the other.
# Measured (plain-methods /json, one CPU, 64 connections): 0.79 -> 0.04 context switches and
# 11.2 -> 7.7 us of CPU per request, 88k -> 129k requests/s (raw Vert.x: 154k, unchanged by it);
# p99 5.8 -> 6.7 ms. It needs no privilege; chrt comes with util-linux (and busybox).
jz_sched=
case ${JZENITH_SCHEDULING:-batch} in
  batch)
    if command -v chrt >/dev/null 2>&1 && chrt --batch 0 true 2>/dev/null; then
      jz_sched=batch
      jz_say "CPU scheduling SCHED_BATCH (chrt --batch 0): virtual threads take requests in batches instead of two context switches each"
    else
      jz_say "CPU scheduling: the system's default (no chrt that may set SCHED_BATCH here)"
    fi
    ;;
  other) jz_say "CPU scheduling: the system's default (JZENITH_SCHEDULING=other)" ;;
  *) jz_fail "JZENITH_SCHEDULING=$JZENITH_SCHEDULING is not one of batch, other." ;;
esac

[ -n "${JAVA_OPTS-}" ] && jz_say "JAVA_OPTS:${JAVA_OPTS} (after the launcher's flags, so they win)"
# jz_flags and JAVA_OPTS are lists of flags: split on spaces (as JAVA_OPTS always is), no globbing.
set -f
if [ -n "$jz_aot" ]; then
  # shellcheck disable=SC2086
  set -- $jz_flags "$jz_aot" ${JAVA_OPTS-} -cp "$jz_cp" "$JZ_MAIN_CLASS" "$@"
else
  # shellcheck disable=SC2086
  set -- $jz_flags ${JAVA_OPTS-} -cp "$jz_cp" "$JZ_MAIN_CLASS" "$@"
fi
set +f
jz_say "exec $jz_java $*"
if [ "${JZENITH_LAUNCHER_DRY_RUN-}" = 1 ]; then
  printf '%s\n' "$jz_java" "$@"
  exit 0
fi
if [ -n "$jz_sched" ]; then
  exec chrt --batch 0 "$jz_java" "$@"
fi
exec "$jz_java" "$@"
