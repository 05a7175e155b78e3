#!/usr/bin/env bash
# The user service (embedded H2, through its launcher) under a mix of its endpoints, recorded with
# Flight Recorder: latency per route from its jzenith.Request events, and allocation per resource
# method from the allocation samples whose stack passes through it. Writes ENDPOINTS.md and its
# section of RESULTS.md. The port is a free one of BENCH_PORTS (or BENCH_PORT when set).
#
#   benchmarks/endpoints.sh [SECONDS]        e.g. benchmarks/endpoints.sh 20
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
port=${BENCH_PORT:-$(python3 benchmarks/harness/free-port.py)}
. scripts/jdk.sh
export JAVA_HOME
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }

./mvnw -q -B package -DskipTests -pl examples/user-service -am
work=$(mktemp -d /tmp/jz-endpoints-XXXXXX)
taskset -c 0 examples/user-service/target/user-service/bin/user-service --rest.port="$port" \
  --jdbc.embedded.directory="$work/data" >"$work/service.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 200); do curl -sf "localhost:$port/health/ready" >/dev/null && break; sleep 0.05; done

# 100 users to read, then a Lua script that mixes 60% GET /users/{id}, 20% GET /users, 20% POST.
ids=$(for i in $(seq 1 100); do
  curl -s -X POST "localhost:$port/users" -H 'Content-Type: application/json' -d "{\"name\":\"User $i\"}" \
    | sed 's/.*"id":"\([^"]*\)".*/"\1"/'
  echo
done | paste -sd, -)
cat >"$work/mix.lua" <<LUA
local ids = {$ids}
local n = 0
request = function()
  n = n + 1
  local pick = n % 10
  if pick < 6 then
    return wrk.format("GET", "/users/" .. ids[(n % #ids) + 1])
  elseif pick < 8 then
    return wrk.format("GET", "/users?offset=0&limit=20")
  end
  return wrk.format("POST", "/users", {["Content-Type"] = "application/json"}, '{"name":"Mixed User"}')
end
LUA
taskset -c 1 wrk -t1 -c32 -d5s -s "$work/mix.lua" "http://127.0.0.1:$port" >/dev/null
jcmd=$JAVA_HOME/bin/jcmd
java_pid=$(pgrep -P "$pid" java || echo "$pid")
"$jcmd" "$java_pid" JFR.start name=endpoints settings=profile >/dev/null
wrk_out=$(taskset -c 1 wrk -t1 -c32 -d"${seconds}s" -s "$work/mix.lua" "http://127.0.0.1:$port")
"$jcmd" "$java_pid" JFR.stop name=endpoints filename="$work/endpoints.jfr" >/dev/null
echo "$wrk_out"
python3 benchmarks/harness/endpoints.py "$work/endpoints.jfr" "$seconds" "$wrk_out" > benchmarks/ENDPOINTS.md
cat benchmarks/ENDPOINTS.md
python3 -c 'import sys; sys.path.insert(0, "benchmarks/harness"); import report, pathlib; report.splice(pathlib.Path("benchmarks/RESULTS.md"), "endpoints")'
