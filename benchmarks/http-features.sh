#!/usr/bin/env bash
# What TLS, compression and h2c cost, paired against the plain configuration: the plain-methods app
# (apps/jzenith-plain, through its launcher) on /json over 64 connections, pinned to CPU 0 with wrk
# on CPU 1, the variants interleaved in rounds (5 s warm-up, then DURATION s measured each), medians
# and ratios to plain of requests/s and of the service's CPU time per request. Writes benchmarks/HTTP-FEATURES.md and its section of RESULTS.md.
#
#   benchmarks/http-features.sh [ROUNDS] [DURATION]     e.g. benchmarks/http-features.sh 3 10 (~6 minutes)
#   BENCH_NO_BUILD=1 benchmarks/http-features.sh 3 10   # the app as built last
#
# Variants (one JVM each, fresh per run):
#   plain     rest.port plain, HTTP/1.1 (the defaults: h2c off, compression off)
#   h2c       rest.http2.cleartext=true, still HTTP/1.1 requests: what offering h2c costs HTTP/1.1
#   tls       a self-signed EC P-256 certificate, HTTP/1.1 over TLS (wrk negotiates no ALPN)
#   gzip-skip rest.compression.enabled=true, Accept-Encoding: gzip; /json (27 bytes) is below
#             min-size, so this is the per-request decision alone
#   gzip-all  the same with rest.compression.min-size=0: every /json body gzipped (level 6)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
duration=${2:-10}
# A free port of BENCH_PORTS (or BENCH_PORT when set), as the other programs take theirs.
port=${BENCH_PORT:-$(python3 benchmarks/harness/free-port.py)}
. scripts/jdk.sh
export JAVA_HOME
for tool in wrk openssl taskset python3 curl; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install -y $tool" >&2; exit 1; }
done

work=$(mktemp -d /tmp/jz-http-features-XXXXXX)
trap 'rm -rf "$work"' EXIT
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout "$work/tls.key" \
  -out "$work/tls.crt" -days 2 -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1 2>/dev/null
[ "${BENCH_NO_BUILD-}" = 1 ] || bash benchmarks/apps/jzenith-plain/bench.sh build
app=benchmarks/apps/jzenith-plain/target/jzenith-plain/bin/jzenith-plain

cpu_ticks() { # pid: user + system clock ticks of the process and its threads
  awk '{print $14 + $15}' "/proc/$1/stat"
}

run() { # variant
  local scheme=http args=() headers=()
  case "$1" in
    plain) ;;
    h2c) args=(--rest.http2.cleartext=true) ;;
    tls) scheme=https; args=(--rest.tls.certificate="$work/tls.crt" --rest.tls.private-key="$work/tls.key") ;;
    gzip-skip) args=(--rest.compression.enabled=true); headers=(-H 'Accept-Encoding: gzip') ;;
    gzip-all) args=(--rest.compression.enabled=true --rest.compression.min-size=0); headers=(-H 'Accept-Encoding: gzip') ;;
  esac
  taskset -c 0 "$app" --rest.port="$port" ${args[@]+"${args[@]}"} >"$work/$1.log" 2>&1 &
  local pid=$!
  for _ in $(seq 1 200); do curl -skf "$scheme://127.0.0.1:$port/json" >/dev/null && break; sleep 0.05; done
  # What the variant answers, once: the encoding proves that gzip-all compresses and gzip-skip does not.
  local encoding
  encoding=$(curl -sk -o /dev/null -D - ${headers[@]+"${headers[@]}"} "$scheme://127.0.0.1:$port/json" \
    | awk -F': ' 'tolower($1)=="content-encoding" {gsub("\r",""); print $2}')
  taskset -c 1 wrk -t1 -c64 -d5s ${headers[@]+"${headers[@]}"} "$scheme://127.0.0.1:$port/json" >/dev/null
  # CPU time of the service per request: steadier than requests/s on a machine shared with others.
  local out before after
  before=$(cpu_ticks "$pid")
  out=$(taskset -c 1 wrk -t1 -c64 -d"${duration}s" --latency ${headers[@]+"${headers[@]}"} "$scheme://127.0.0.1:$port/json")
  after=$(cpu_ticks "$pid")
  kill "$pid"; wait "$pid" 2>/dev/null || true
  local requests
  requests=$(echo "$out" | awk '/requests in/ {print $1}')
  echo "$1 $(echo "$out" | awk '/Requests\/sec/ {print $2}') $(echo "$out" | awk '$1=="99%" {print $2}') ${encoding:-identity}" \
    "$(python3 -c "print(round(($after - $before) / $(getconf CLK_TCK) / $requests * 1e6, 2))")"
}

variants=(plain h2c tls gzip-skip gzip-all)
results=()
for round in $(seq 1 "$rounds"); do
  for variant in "${variants[@]}"; do
    line=$(run "$variant")
    echo "round $round: $line" >&2
    results+=("$round $line")
  done
done

machine="$(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
java_version=$("$JAVA_HOME/bin/java" -version 2>&1 | head -1)
# The rows go through a file: python's stdin is the program below.
printf '%s\n' "${results[@]}" >"$work/results.txt"
python3 - "$rounds" "$duration" "$machine" "$java_version" "$work/results.txt" <<'PY'
import datetime, re, statistics, sys
from pathlib import Path
rounds, duration, machine, java, results = sys.argv[1:6]
rows = [line.split() for line in Path(results).read_text().splitlines() if line.strip()]
variants = list(dict.fromkeys(r[1] for r in rows))
def ms(latency):
    m = re.match(r"([\d.]+)(us|ms|s)$", latency)
    value, unit = float(m.group(1)), m.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
rps = {v: [float(r[2]) for r in rows if r[1] == v] for v in variants}
p99 = {v: [ms(r[3]) for r in rows if r[1] == v] for v in variants}
enc = {v: sorted({r[4] for r in rows if r[1] == v}) for v in variants}
cpu = {v: [float(r[5]) for r in rows if r[1] == v] for v in variants}
base_cpu = statistics.median(cpu["plain"])
by_round = {(r[0], r[1]): float(r[2]) for r in rows}
base = statistics.median(rps["plain"])
meaning = {
    "plain": "defaults: HTTP/1.1, h2c off, compression off",
    "h2c": "`rest.http2.cleartext=true`, HTTP/1.1 requests",
    "tls": "HTTP/1.1 over TLS 1.3, EC P-256 certificate",
    "gzip-skip": "`rest.compression.enabled=true`, `Accept-Encoding: gzip`, body below min-size (not compressed)",
    "gzip-all": "the same with `rest.compression.min-size=0`: every body gzipped",
}
lines = [
    "## TLS, compression and h2c against the plain configuration",
    "",
    f"Written by `benchmarks/http-features.sh {rounds} {duration}` on {datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC."
    " Do not edit by hand: run it again.",
    "",
    f"- Machine: {machine}; {java}. The machine may be shared, and what else ran on it is not controlled:"
    " single runs can swing by 10% and more; the ratios are of medians of interleaved rounds.",
    f"- `apps/jzenith-plain` through its launcher, `GET /json` (27 bytes of JSON, answered on a virtual thread),"
    f" pinned to CPU 0; `wrk -t1 -c64` on CPU 1, 5 s warm-up then {duration} s measured, a fresh JVM per run;"
    f" {rounds} rounds, each running every variant once in turn. CPU per request is the service's user and system"
    " time (`/proc/PID/stat`) over the measured run divided by the requests wrk counted: under the others' load it"
    " moves less than requests/s.",
    "",
    "| variant | what | median rps | against plain | rounds (rps) | CPU µs per request (median) | against plain | median p99, ms | Content-Encoding |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
]
for v in variants:
    med = statistics.median(rps[v])
    pairs = [by_round[(r, v)] / by_round[(r, "plain")] for r in sorted({r[0] for r in rows}, key=int)
             if (r, v) in by_round and (r, "plain") in by_round]
    lines.append(f"| {v} | {meaning.get(v, v)} | {med:,.0f} | {med / base:.2f} (pairs {', '.join('%.2f' % p for p in pairs)}) |"
                 f" {', '.join('%.0f' % x for x in rps[v])} | {statistics.median(cpu[v]):.1f} | {statistics.median(cpu[v]) / base_cpu:.2f} |"
                 f" {statistics.median(p99[v]):.1f} | {', '.join(enc[v])} |")
text = "\n".join(lines) + "\n"
Path("benchmarks/HTTP-FEATURES.md").write_text(text)
print(text)
sys.path.insert(0, "benchmarks/harness")
import report
report.splice(Path("benchmarks/RESULTS.md"), "http-features")
PY
