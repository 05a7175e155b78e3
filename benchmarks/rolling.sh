#!/usr/bin/env bash
# Rolling restarts measured: three instances of the user service on the machine's PostgreSQL behind
# HAProxy, a mixed open-loop load, each instance replaced in turn, with the settings of
# docs/deployment.md#rolling-restarts exactly as written. Writes benchmarks/ROLLING.md and renews its
# section of RESULTS.md (a harness run carries it over).
#
#   benchmarks/rolling.sh [RATE|auto] [POST_PERCENT] [STEADY_SECONDS]   e.g. benchmarks/rolling.sh auto 20 15 (~8 minutes)
#   BENCH_NO_BUILD=1 benchmarks/rolling.sh ...                          # the distribution as built last
#
# 1. A database of its own on PostgreSQL at 127.0.0.1:5432 (user postgres, trust), dropped at the end.
# 2. Three instances through the launcher (examples/user-service/target/user-service/bin/user-service),
#    user.store=postgresql, jzenith.shutdown.pre-stop-delay=6000ms (the guide's figure for the HAProxy
#    settings below), every other setting at its default, on the 2nd-4th ports of BENCH_PORTS;
#    HAProxy (Debian's, installed by scripts/haproxy.sh) on the 1st, checking /health/ready (its
#    configuration, and why each setting is there, is written below), its stats on the 5th.
# 3. With RATE auto (the default): "capacity" first: the same load without restarts, CAPACITY_SECONDS
#    (10) at each rate of a ramp (100 requests/s, then 1.5 times the last), until a step fails a request
#    or its p99 passes CAPACITY_P99_MS (1000); the capacity is the last rate that did neither. Then
#    "roll-80" and "roll-100" at 80% and 100% of it, and "kill-80" at 80%. With a number: "roll" and
#    "kill" at that rate.
# 4. A roll: harness/RollingLoad.java sends the rate (POST_PERCENT% POST /users, the rest
#    GET /users/{id} of users created before) through HAProxy; after STEADY_SECONDS, each instance in
#    turn gets SIGTERM, is waited for, started again on the same port and waited for until HAProxy
#    has it UP again; STEADY_SECONDS more, then the load stops and every user whose POST was answered
#    201 is read back. A kill: the same, one instance SIGKILLed instead.
# Every request's outcome is kept in benchmarks/results/rolling/ (not committed).
set -euo pipefail
cd "$(dirname "$0")/.."
rate=${1:-auto}
post_percent=${2:-20}
steady=${3:-15}
ports=${BENCH_PORTS:-25000-25999}
base=${ports%-*}
frontend_port=$base
instance_ports=($((base + 1)) $((base + 2)) $((base + 3)))
stats_port=$((base + 4))
pre_stop_delay_ms=6000
capacity_seconds=${CAPACITY_SECONDS:-10}
capacity_p99_ms=${CAPACITY_P99_MS:-1000}
. scripts/jdk.sh
export JAVA_HOME
haproxy=$(sh scripts/haproxy.sh)
for tool in psql curl python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "rolling.sh: $tool is missing" >&2; exit 1; }
done
if [ "${BENCH_NO_BUILD-}" != 1 ]; then
  ./mvnw -q -B package -DskipTests -pl examples/user-service -am
fi
launcher=examples/user-service/target/user-service/bin/user-service
[ -x "$launcher" ] || { echo "rolling.sh: $launcher is missing; build it (without BENCH_NO_BUILD=1)" >&2; exit 1; }
command="${BENCH_PORTS:+BENCH_PORTS=$BENCH_PORTS }${BENCH_NO_BUILD:+BENCH_NO_BUILD=1 }benchmarks/rolling.sh $*"
started_at=$(date -u '+%Y-%m-%d %H:%M UTC')

results=benchmarks/results/rolling
rm -rf "$results"
mkdir -p "$results"
work=$(mktemp -d /tmp/jz-rolling-XXXXXX)
database=jz_rolling_$(date +%s)_$$
psql_admin() { psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p 5432 -U postgres -d postgres -c "$1" >/dev/null; }
pids=("" "" "")
haproxy_pid=
load_pid=
cleanup() {
  for pid in "${pids[@]}" "$load_pid" "$haproxy_pid"; do
    [ -z "$pid" ] || kill -9 "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  psql_admin "DROP DATABASE IF EXISTS $database WITH (FORCE)" || true
  rm -rf "$work"
}
trap cleanup EXIT
psql_admin "CREATE DATABASE $database"

now_ms() { date +%s%3N; }
event() { echo "$(now_ms) $*" >>"$results/$scenario/events.txt"; echo "$*" >&2; }

# The HAProxy settings a user should start from; docs/deployment.md#rolling-restarts explains them.
cat >"$work/haproxy.cfg" <<CFG
global
    maxconn 4096
defaults
    mode http
    timeout connect 1s
    timeout client 30s
    timeout server 30s
    timeout http-keep-alive 10s
    # A health check may take this long: a busy instance (a JVM still compiling, a neighbour starting)
    # answers slowly, and a timeout counts as a failed check; at the default (inter, 500 ms) every
    # instance could be DOWN at once and HAProxy would answer 503 itself.
    timeout check 2s
    # Up to 3 more tries of a request that failed, each on another server (redispatch 1), so that
    # a request sent to an instance that has just closed its listener, or died, goes elsewhere.
    retries 3
    option redispatch 1
    # What counts as failed: no connection (always safe: the instance saw nothing), and for
    # requests that may be repeated, a connection closed without an answer.
    retry-on conn-failure empty-response
frontend users
    bind 127.0.0.1:$frontend_port
    default_backend users
backend users
    balance roundrobin
    # A POST the instance may have seen is not sent twice: only a refused connection retries it.
    http-request disable-l7-retry if METH_POST
    # Readiness, not liveness: /health/ready turns 503 the moment SIGTERM arrives, and the instance
    # keeps serving for jzenith.shutdown.pre-stop-delay (${pre_stop_delay_ms} ms): HAProxy takes it
    # out of rotation after 2 failed checks, at most fall x (inter + timeout check) = 5 s after
    # SIGTERM when checks time out, so that no new request reaches it after its listener closes.
    # rise 2: a new instance is sent requests after two good checks; slowstart: its share grows over
    # 10 s, since a fresh JVM still compiles and would answer the full share slowly.
    option httpchk GET /health/ready
    http-check expect status 200
    default-server inter 500ms fall 2 rise 2 slowstart 10s
    server u1 127.0.0.1:${instance_ports[0]} check
    server u2 127.0.0.1:${instance_ports[1]} check
    server u3 127.0.0.1:${instance_ports[2]} check
listen stats
    bind 127.0.0.1:$stats_port
    stats enable
    stats uri /stats
CFG
cp "$work/haproxy.cfg" "$results/haproxy.cfg"

# Only what the guide says: no raised connection timeout (the first connection is tried again by itself).
start_instance() { # index: starts instance $1 on its port, in the background
  local i=$1
  "$launcher" --rest.port="${instance_ports[$i]}" --user.store=postgresql --postgresql.host=127.0.0.1 \
    --postgresql.port=5432 --postgresql.database="$database" --postgresql.username=postgres \
    --jzenith.shutdown.pre-stop-delay=${pre_stop_delay_ms}ms >>"$results/u$((i + 1)).log" 2>&1 &
  pids[$i]=$!
}
wait_ready() { # index: until the instance answers /health/ready with 200
  local i=$1 deadline=$(($(date +%s) + 180))
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:${instance_ports[$i]}/health/ready")" = 200 ]; do
    kill -0 "${pids[$i]}" 2>/dev/null || { tail -30 "$results/u$((i + 1)).log" >&2; echo "rolling.sh: u$((i + 1)) exited" >&2; exit 1; }
    [ "$(date +%s)" -lt "$deadline" ] || { echo "rolling.sh: u$((i + 1)) not ready within 180 s" >&2; exit 1; }
    sleep 0.05
  done
}
haproxy_status() { # server name: UP, DOWN, "UP 1/2", ...
  curl -s "http://127.0.0.1:$stats_port/stats;csv" | awk -F, -v s="$1" '$1 == "users" && $2 == s { print $18 }'
}
wait_status() { # server name, status
  local deadline=$(($(date +%s) + 60))
  until [ "$(haproxy_status "$1")" = "$2" ]; do
    [ "$(date +%s)" -lt "$deadline" ] || { echo "rolling.sh: HAProxy never saw $1 $2" >&2; exit 1; }
    sleep 0.05
  done
}
exited() { # pid: whether the process is gone (or a zombie waiting for us)
  local state
  state=$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null) || return 0
  [ "$state" = Z ]
}

replace() { # index, signal: the instance stopped by the signal, started again, back in rotation
  local i=$1 signal=$2 name=u$(($1 + 1)) status=0 seen_failed= seen_down= now
  event "$signal $name"
  kill -"$signal" "${pids[$i]}"
  until exited "${pids[$i]}"; do
    now=$(haproxy_status "$name")
    if [ -z "$seen_failed" ] && [ "$now" != UP ]; then
      seen_failed=1
      event "haproxy-check-failed $name" # "UP 1/2": one failed check, still in rotation
    fi
    if [ -z "$seen_down" ] && [ "${now%% *}" = DOWN ]; then
      seen_down=1
      event "haproxy-down $name" # out of rotation
    fi
    sleep 0.02
  done
  [ -n "$seen_down" ] || event "haproxy-down-after-exit $name"

  wait "${pids[$i]}" || status=$?
  event "exited $name $status"
  start_instance "$i"
  event "started $name"
  wait_ready "$i"
  event "ready $name"
  wait_status "$name" UP
  event "haproxy-up $name"
}

echo "database $database; HAProxy on 127.0.0.1:$frontend_port; instances on ${instance_ports[*]}" >&2
start_instance 0
wait_ready 0 # the first one migrates the schema alone
start_instance 1
start_instance 2
wait_ready 1
wait_ready 2
"$haproxy" -f "$work/haproxy.cfg" -db >"$results/haproxy.log" 2>&1 &
haproxy_pid=$!
for name in u1 u2 u3; do wait_status "$name" UP; done

start_load() { # rate: RollingLoad through HAProxy into $results/$scenario, until $work/stop exists
  mkdir -p "$results/$scenario"
  rm -f "$work/stop"
  "$JAVA_HOME/bin/java" -Xmx256m benchmarks/harness/RollingLoad.java "http://127.0.0.1:$frontend_port" "$1" \
    "$post_percent" "$work/stop" "$results/$scenario" 2>"$results/$scenario/load.log" &
  load_pid=$!
  until [ -s "$results/$scenario/load.log" ]; do
    kill -0 "$load_pid" 2>/dev/null || { cat "$results/$scenario/load.log" >&2; exit 1; }
    sleep 0.1
  done
}
stop_load() {
  touch "$work/stop"
  wait "$load_pid" || { cat "$results/$scenario/load.log" >&2; exit 1; }
  load_pid=
}

capacity() { # sets measured: the highest rate of the ramp that failed no request and kept its p99 within bounds
  local step=100 passed=0 verdict
  while [ "$step" -le 5000 ]; do
    scenario=capacity/$step
    start_load "$step"
    sleep "$capacity_seconds"
    stop_load
    verdict=$(python3 benchmarks/harness/rolling_report.py --step "$results/$scenario" "$capacity_p99_ms")
    echo "capacity step $step requests/s: $verdict" >&2
    case $verdict in ok*) passed=$step ;; *) break ;; esac
    step=$((step * 3 / 2))
  done
  [ "$passed" -gt 0 ] || { echo "rolling.sh: even $step requests/s failed: no capacity to roll at" >&2; exit 1; }
  measured=$passed
}

run_scenario() { # name, rate, signal, instance indexes...
  scenario=$1
  local scenario_rate=$2 signal=$3
  shift 3
  start_load "$scenario_rate"
  event "load $scenario_rate"
  curl -s "http://127.0.0.1:$stats_port/stats;csv" >"$results/$scenario/haproxy-before.csv"
  sleep "$steady"
  event "begin"
  for i in "$@"; do replace "$i" "$signal"; done
  event "end"
  sleep "$steady"
  curl -s "http://127.0.0.1:$stats_port/stats;csv" >"$results/$scenario/haproxy-after.csv"
  stop_load
  event "stopped"
}
if [ "$rate" = auto ]; then
  capacity
  echo "capacity: $measured requests/s" >&2
  echo "$measured" >"$results/capacity.txt"
  run_scenario roll-80 $((measured * 8 / 10)) TERM 0 1 2
  run_scenario roll-100 "$measured" TERM 0 1 2
  run_scenario kill-80 $((measured * 8 / 10)) KILL 1
else
  run_scenario roll "$rate" TERM 0 1 2
  run_scenario kill "$rate" KILL 1
fi

python3 benchmarks/harness/rolling_report.py "$results" "$command" "$started_at" "$pre_stop_delay_ms" \
  "$capacity_seconds" "$capacity_p99_ms" >benchmarks/ROLLING.md
python3 -c 'import sys; sys.path.insert(0, "benchmarks/harness"); import report, pathlib; report.splice(pathlib.Path("benchmarks/RESULTS.md"), "rolling")'
echo "wrote benchmarks/ROLLING.md and its section of RESULTS.md" >&2
