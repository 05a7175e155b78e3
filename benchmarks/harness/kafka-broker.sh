# Sourced (bash) by the benchmarks that need a Kafka broker (kafka.sh, kafka-memory.sh, outbox.sh): one KRaft node
# like PrivateKafka's (broker and controller in one JVM, replication factors 1, 3 partitions per
# topic), Apache Kafka's kafka.Kafka from a distribution's lib/, with -Xmx512m. Needs JAVA_HOME
# (scripts/jdk.sh).
#
#   kafka_broker_start CLASSPATH WORK BROKER_PORT CONTROLLER_PORT [PREFIX...]
#     e.g. kafka_broker_start "examples/audit-service/target/lib/*" "$work" 25000 25001 taskset -c 1
#
# Writes WORK/server.properties, formats WORK/data, starts the broker (behind PREFIX, such as
# `taskset -c 1`, when given) with its output in WORK/broker.log and returns once its port accepts
# connections. Sets broker_pid: the caller stops it (its EXIT trap kills it). Exits the script,
# with the end of the log, when the broker does not start within 60 s.
kafka_broker_start() {
  local classpath=$1 work=$2 broker_port=$3 controller_port=$4 cluster
  shift 4
  cat >"$work/server.properties" <<PROPERTIES
process.roles=broker,controller
node.id=1
controller.quorum.bootstrap.servers=127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$broker_port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$broker_port
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$work/data
num.partitions=3
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
PROPERTIES
  cluster=$("$JAVA_HOME/bin/java" -cp "$classpath" kafka.tools.StorageTool random-uuid 2>"$work/format.log" | tail -1) ||
    { tail -30 "$work/format.log" >&2; exit 1; }
  "$JAVA_HOME/bin/java" -cp "$classpath" kafka.tools.StorageTool format --standalone --cluster-id "$cluster" \
    --config "$work/server.properties" >"$work/format.log" 2>&1 || { tail -30 "$work/format.log" >&2; exit 1; }
  "$@" "$JAVA_HOME/bin/java" -Xmx512m -cp "$classpath" kafka.Kafka "$work/server.properties" >"$work/broker.log" 2>&1 &
  broker_pid=$!
  for _ in $(seq 1 600); do
    (exec 3<>"/dev/tcp/127.0.0.1/$broker_port") 2>/dev/null && return 0
    kill -0 "$broker_pid" 2>/dev/null || { tail -30 "$work/broker.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "the Kafka broker did not start on 127.0.0.1:$broker_port within 60 s; its log ($work/broker.log), the end:" >&2
  tail -30 "$work/broker.log" >&2
  exit 1
}

# kafka_broker_ports DEFAULT_RANGE: broker_port, controller_port and service_port, the first three of
# BENCH_PORTS (e.g. 24000-24999) or of DEFAULT_RANGE.
kafka_broker_ports() {
  local ports=${BENCH_PORTS:-$1}
  broker_port=${ports%-*}
  controller_port=$((broker_port + 1))
  service_port=$((broker_port + 2))
}

# kafka_broker_stop_at_exit WORK: on the script's exit, stops the broker kafka_broker_start started
# (if any) and removes WORK.
kafka_broker_stop_at_exit() {
  kafka_broker_work=$1
  broker_pid=
  trap 'kafka_broker_stop' EXIT
}

kafka_broker_stop() {
  [ -z "$broker_pid" ] || { kill "$broker_pid" 2>/dev/null || true; wait "$broker_pid" 2>/dev/null || true; }
  rm -rf "$kafka_broker_work"
}
