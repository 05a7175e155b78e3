"""Prints a free port for the benchmark scripts: from BENCH_PORTS (e.g. 22000-22999) where a shared machine
sets aside a range, else any the system hands out. The same rule as the harness's own ports.

    port=$(python3 benchmarks/harness/free-port.py)
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from harness import free_port  # noqa: E402

print(free_port())
