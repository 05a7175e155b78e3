#!/usr/bin/env python3
"""A RabbitMQ consumer service through its launcher in a memory cgroup, at a fixed rate, for rabbitmq.sh.

    rabbitmq_cgroup.py LIMIT SECONDS RATE PORT HOST AMQP_PORT EXCHANGE ROUTING_KEY QUEUE BENCH_JAR OUT.json \
        -- LAUNCHER [ARGS...]

Makes a memory cgroup of LIMIT with no swap (scripts/measure-in-cgroup.py's Cgroup), starts the
launcher in it, waits for /health/ready, then runs `RabbitBench flood` (outside the cgroup), which
publishes UserCreated events to EXCHANGE with ROUTING_KEY, RATE a second (0: as fast as confirms
allow), for SECONDS, and prints each second the events confirmed and the depth of QUEUE (its ready
messages, from a passive declare on a connection of its own) until the queue is empty after the flood
(or 30 s after it). Samples the service's RSS, the cgroup's usage and anonymous memory and the
machine's load average each second; records survival, the cgroup's peak, failcnt and OOM kills.
Needs root.
"""
import importlib.util
import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

root = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("measure", root / "scripts" / "measure-in-cgroup.py")
measure = importlib.util.module_from_spec(spec)
spec.loader.exec_module(measure)


def main():
    limit, seconds, rate, port, host, amqp_port, exchange, routing_key, queue, bench_jar, out = sys.argv[1:12]
    launcher = sys.argv[13:]
    cgroup = measure.Cgroup(f"jz-rabbitmq-{os.getpid()}", measure.size_bytes(limit))
    log = open(Path(out).with_suffix(".service.log"), "w")
    # The distribution's files (jars, the AOT cache) leave the page cache first, so that the service reads
    # them in itself and the cgroup is charged for them, as on a container's first start: pages an
    # earlier process cached stay charged to that process's cgroup, and the service then seemed to fit.
    measure.evict_from_page_cache(launcher[0], [])
    command = ["sh", "-c", f'echo $$ > {cgroup.path}/cgroup.procs && exec "$0" "$@"', *launcher]
    service = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    result = {"limit": limit, "seconds": int(seconds), "rate": int(rate), "queue": queue, "exchange": exchange,
              "aot": os.environ.get("JZENITH_AOT", "auto"),
              "cache_training": os.environ.get("CACHE_TRAINING", "build"), "uncached": True, "samples": []}
    try:
        started = time.monotonic()
        while True:
            if service.poll() is not None:
                result["died"] = f"exit {service.returncode} during start-up"
                return finish(result, out)
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/ready", timeout=1) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() - started > 180:
                result["died"] = "not ready in 180 s"
                return finish(result, out)
            time.sleep(0.05)
        result["startup_s"] = round(time.monotonic() - started, 1)
        result["rss_ready_mb"] = round(measure.rss_mb(service.pid), 1)
        java = os.path.join(os.environ["JAVA_HOME"], "bin", "java")
        flood_log_path = Path(out).with_suffix(".flood.log")
        flood_log = open(flood_log_path, "w")
        flood = subprocess.Popen([java, "-jar", bench_jar, "flood", host, amqp_port, exchange, routing_key, queue,
                                  seconds, rate], stdout=subprocess.PIPE, stderr=flood_log, text=True)
        for line in flood.stdout:
            sample = json.loads(line)
            alive = service.poll() is None
            sample["alive"] = alive
            sample["rss_mb"] = round(measure.rss_mb(service.pid), 1) if alive else 0
            sample["cgroup_mb"] = round(cgroup.usage() / 1048576, 1)
            stat = cgroup.stat()  # anonymous memory: what the kernel cannot take back without swap
            sample["anon_mb"] = round(int(stat.get("rss" if cgroup.v1 else "anon", 0)) / 1048576, 1)
            sample["load"] = float(Path("/proc/loadavg").read_text().split()[0])
            result["samples"].append(sample)
        flood.wait()
        if flood.returncode != 0:
            flood_log.close()
            result["flood_failed"] = f"exit {flood.returncode}: {flood_log_path.read_text().strip()[-500:]}"
        result["survived"] = service.poll() is None
        result["peak_mb"] = round(cgroup.peak() / 1048576, 1)
        result["failcnt"] = cgroup.failcnt()
        result["oom_kills"] = cgroup.oom_kills()
        return finish(result, out)
    finally:
        if service.poll() is None:
            service.terminate()
            try:
                service.wait(60)
            except subprocess.TimeoutExpired:
                service.kill()
                service.wait()
        cgroup.remove()


def finish(result, out):
    Path(out).write_text(json.dumps(result, indent=1))
    print(json.dumps({k: v for k, v in result.items() if k != "samples"}))


if __name__ == "__main__":
    main()
