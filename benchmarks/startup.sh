#!/usr/bin/env bash
# Start-up as users deploy services: through the launcher (with and without the AOT cache, and sized
# for 128 MiB) and with java -jar, beside raw Vert.x and Helidon SE, pinned to one CPU. Writes benchmarks/STARTUP.md
# and its section of RESULTS.md. About 10 minutes with the default 7 starts per variant.
#
#   benchmarks/startup.sh [--starts N] [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
export JAVA_HOME
benchmarks/db/setup.sh # raw Vert.x connects to the TechEmpower database as it starts
exec python3 benchmarks/harness/startup.py "$@"
