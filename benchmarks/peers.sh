#!/usr/bin/env bash
# The default path against every peer (issue 23): the plain-methods app (apps/jzenith-plain) through its
# launcher against raw Vert.x, Helidon SE, Micronaut and Quarkus with java -jar, each pinned to CPU 0 with wrk
# on CPU 1; start-up and RSS of each alone, then /json and GET /users/{id} at 64 and 256 connections with all
# of them side by side, in rotating rounds; then each alone in a 256 MiB memory cgroup under the user service's
# 80/20 GET/POST mix at 256 connections, taking turns (harness/peers_mix.py; root). Writes PEERS.md and renews its
# section of RESULTS.md; ~25 minutes (the mix ~11 of them; --mix-rounds 0 leaves it out).
#
#   benchmarks/peers.sh                       # build, 3 starts each, 3 rounds of 5 s
#   benchmarks/peers.sh --no-build --rounds 5 --duration 10
#   benchmarks/peers.sh --mix-rounds 3 --mix-duration 30 --mix-warmup 10   # the 256 MiB mix's rounds and seconds (defaults)
#   benchmarks/peers.sh --report-only         # rewrite PEERS.md from results/peers/results.json
#
# The plain-methods app's build installs jZenith's modules into the local Maven repository; on a shared
# machine give it a private one: MAVEN_OPTS="-Dmaven.repo.local=/tmp/me-m2 -Dmaven.repo.local.tail=$HOME/.m2/repository".
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in wrk taskset curl python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "$tool is missing: apt-get install -y wrk util-linux curl python3" >&2; exit 1; }
done
case " $* " in *" --report-only "*) ;; *) benchmarks/db/setup.sh ;; esac  # the peers' TechEmpower apps want their database
exec python3 benchmarks/harness/peers.py "$@"
