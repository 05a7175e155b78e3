#!/usr/bin/env bash
# Start time and RSS of the Cassandra node that the Cassandra plugin's dev service and the test kit's
# PrivateCassandra start (jzenith-cassandra-server: Cassandra 5.0.6 as a child JVM on Java 17, 256 MiB
# heap, C1 only): STARTS fresh starts (default 3) and one restart, printed; with "peak", of a node
# with both JIT compilers (as benchmarks/cassandra.sh runs it). Data under
# jzenith-cassandra-server/target/. 5-15 s a start on a 2-core machine.
#
#   benchmarks/cassandra-node.sh [STARTS] [peak]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
export JAVA_HOME
./mvnw -q -pl jzenith-cassandra-server install -DskipTests
jar=$(ls jzenith-cassandra-server/target/jzenith-cassandra-server-*.jar | head -1)
scratch=jzenith-cassandra-server/target/node-start
rm -rf "$scratch"
"$JAVA_HOME/bin/java" -cp "$jar" benchmarks/harness/CassandraNodeStart.java "${1:-3}" "$scratch" ${2:+"$2"}
rm -rf "$scratch"
