#!/usr/bin/env sh
# Where the test command's time goes: after `./mvnw verify`, the slowest test classes and each module's
# total, read from the Surefire and Failsafe reports under */target/ (and examples/*/target/).
#
#   scripts/test-times.sh [N]     # the N slowest classes (default 25)
set -eu
cd "$(dirname "$0")/.."
exec python3 - "${1:-25}" <<'PY'
import glob, sys, xml.etree.ElementTree as ET
top = int(sys.argv[1])
classes, modules = [], {}
for path in glob.glob("**/target/*-reports/TEST-*.xml", recursive=True):
    suite = ET.parse(path).getroot()
    seconds = float(suite.get("time") or 0)
    module = path.split("/target/")[0]
    kind = "IT" if "/failsafe-reports/" in path else "unit"
    classes.append((seconds, module, suite.get("name"), int(suite.get("tests") or 0), kind))
    modules.setdefault(module, [0.0, 0.0])[0 if kind == "unit" else 1] += seconds
if not classes:
    sys.exit("test-times.sh: no test reports under */target/: run ./mvnw verify first")
classes.sort(reverse=True)
print(f"{'seconds':>8}  {'tests':>5}  kind  class")
for seconds, module, name, tests, kind in classes[:top]:
    print(f"{seconds:8.1f}  {tests:5d}  {kind:4}  {name} ({module})")
print()
print(f"{'unit s':>8}  {'IT s':>8}  module")
for module, (unit, it) in sorted(modules.items(), key=lambda m: -sum(m[1])):
    print(f"{unit:8.1f}  {it:8.1f}  {module}")
total = sum(c[0] for c in classes)
print(f"\n{len(classes)} classes, {sum(c[3] for c in classes):,} tests, {total / 60:.1f} min in test classes"
      " (the build's own steps and JVM starts come on top)")
PY
