#!/usr/bin/env python3
"""Runs a command and reports the CPU its threads took, by thread name (digits folded, so a pool's
threads add up): where a JVM's CPU went, JIT compiler and GC threads included, which a Java profiler does
not show. Samples /proc/PID/task/*/stat every 100 ms and keeps each thread's last figure; threads that end
between two samples lose up to 100 ms.

  benchmarks/harness/thread_cpu.py -- COMMAND...
  e.g. (a broker at 127.0.0.1:24000, apps/kafka built)
  benchmarks/harness/thread_cpu.py -- java -Xmx512m -jar benchmarks/apps/kafka/target/jzenith-kafka-benchmark.jar \\
      process 127.0.0.1:24000 jzenith 200000 0 100000

Prints the command's last line of output, then the total and the eight busiest thread names in CPU seconds;
the command's standard error passes through.
"""
import collections
import os
import re
import subprocess
import sys
import time

command = sys.argv[sys.argv.index("--") + 1:]
process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
last = {}
while process.poll() is None:
    try:
        tasks = os.listdir(f"/proc/{process.pid}/task")
    except OSError:
        tasks = []
    for tid in tasks:
        try:
            stat = open(f"/proc/{process.pid}/task/{tid}/stat").read()
        except OSError:
            continue  # the thread ended meanwhile
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        last[tid] = (name, int(fields[11]) + int(fields[12]))  # utime + stime, in clock ticks
    time.sleep(0.1)
output = process.stdout.read().strip().splitlines()
ticks = os.sysconf("SC_CLK_TCK")
by_name = collections.Counter()
for name, used in last.values():
    by_name[re.sub(r"\d+", "N", name)] += used
print(output[-1] if output else "(no output)")
print(f"cpu s {sum(by_name.values()) / ticks:.2f}: "
      + ", ".join(f"{name} {used / ticks:.2f}" for name, used in by_name.most_common(8)))
sys.exit(process.returncode)
