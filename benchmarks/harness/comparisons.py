"""Appends one run of benchmarks/compare-commits.sh to benchmarks/COMPARISONS.md and renews its section of RESULTS.md.

    python3 benchmarks/harness/comparisons.py RESULTS STARTED ENDED COMMAND OLD NEW [WHAT]

RESULTS holds one line per run, "old|new RPS P99", in the order they ran (old first in every round).
"""
import statistics
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1]
COMPARISONS = BENCHMARKS / "COMPARISONS.md"
HEADER = """# Commits compared: `/json` of the plain-methods app

Written by `benchmarks/compare-commits.sh`, which appends one row per run with its command. Do not edit by
hand: run it again. Each run builds `apps/jzenith-plain` at the old commit and at the working tree, starts
each through its launcher pinned to CPU 0, and measures `GET /json` with `wrk -t1 -c64` on CPU 1 in
alternating rounds (old first; 5 s warm-up, then 10 s measured); the row has the medians of the rounds and
each round's new/old ("pairs"). The machine may be shared with other work: compare within a row.

| when (UTC) | command | old | new | what the new side changes | median rps old / new | new/old | pairs |
| --- | --- | --- | --- | --- | --- | --- | --- |
"""


def main():
    results, started, ended, command, old, new, *rest = sys.argv[1:]
    what = rest[0] if rest else ""
    rows = [line.split() for line in Path(results).read_text().splitlines() if line.strip()]
    old_rps = statistics.median(float(r[1]) for r in rows if r[0] == "old")
    new_rps = statistics.median(float(r[1]) for r in rows if r[0] == "new")
    pairs = [float(b[1]) / float(a[1]) for a, b in zip(rows[0::2], rows[1::2])]
    print("median /json rps: old %.0f, new %.0f, new/old %.2f (pairs %s)"
          % (old_rps, new_rps, new_rps / old_rps, ", ".join("%.2f" % p for p in pairs)))
    text = COMPARISONS.read_text() if COMPARISONS.exists() else HEADER
    row = (f"| {started}-{ended} | `{command}` | {old} | {new} | {what.replace('|', '/')} |"
           f" {old_rps:,.0f} / {new_rps:,.0f} | {new_rps / old_rps:.2f} | {', '.join('%.2f' % p for p in pairs)} |")
    COMPARISONS.write_text(text.rstrip("\n") + "\n" + row + "\n")
    sys.path.insert(0, str(BENCHMARKS / "harness"))
    import report
    report.splice(BENCHMARKS / "RESULTS.md", "comparisons")


if __name__ == "__main__":
    main()
