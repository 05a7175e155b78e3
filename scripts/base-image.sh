#!/usr/bin/env bash
# Makes a container base image without a registry: Debian (debootstrap --variant=minbase, from the
# Debian archive this machine's apt is configured with) with a Java runtime at /opt/java/openjdk that jlink makes from this machine's
# JDK 25 (found as scripts/jdk.sh says), saved in `docker save` format. Jib takes it as a base image
# from the file: ./mvnw package -Pimage -Dimage.base=tar://$PWD/target/base-image/base.tar
#
# Usage (as root): scripts/base-image.sh [OUTPUT_DIR]   (default target/base-image; DEBIAN_SUITE=bookworm)
# Needs root and debootstrap (installed with apt-get when missing); about 2 minutes and 270 MB.
# OUTPUT_DIR/rootfs stays: its opt/java/openjdk is the image's Java, which trains the image's AOT
# cache (-Djzenith.aot.javaHome; the JVM only accepts a cache trained by the same runtime image).
# Made already (base.tar newer than this script and the JDK): says so and exits; FRESH=1 makes it anew.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$(mkdir -p "${1:-target/base-image}" && cd "${1:-target/base-image}" && pwd)"
suite="${DEBIAN_SUITE:-bookworm}"
. "$here/jdk.sh"
if [ -z "${FRESH-}" ] && [ -f "$out/base.tar" ] && [ -x "$out/rootfs/opt/java/openjdk/bin/java" ] &&
  [ "$out/base.tar" -nt "$0" ] && [ "$out/base.tar" -nt "$JAVA_HOME/release" ]; then
  echo "base image: $out/base.tar (made already; FRESH=1 makes it anew)"
  exit 0
fi
if ! command -v debootstrap >/dev/null; then
  [ "$(id -u)" -eq 0 ] || { echo "debootstrap is missing and installing it needs root: apt-get install debootstrap" >&2; exit 1; }
  echo "installing Debian's debootstrap package" >&2
  apt-get -o DPkg::Lock::Timeout=300 update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq debootstrap >&2
fi

# The archive apt already uses for this suite (its sources.list/.sources), so the base image comes from
# the machine's own configured source; ARCHIVE=URI chooses another.
archive="${ARCHIVE:-$(apt-get indextargets --format '$(RELEASE) $(REPO_URI)' 'Identifier: Packages' 2>/dev/null |
  awk -v suite="$suite" '$1 == suite { print $2; exit }')}"
[ -n "$archive" ] || {
  echo "base-image.sh: apt has no source for Debian $suite (apt-get indextargets); set ARCHIVE=URI of a Debian archive" >&2
  exit 1
}

rootfs="$out/rootfs"
rm -rf "$rootfs" "$out/layer.tar" "$out/base.tar"
echo "debootstrap $suite from $archive into $rootfs"
debootstrap --variant=minbase "$suite" "$rootfs" "$archive" > "$out/debootstrap.log" 2>&1 ||
  { tail -20 "$out/debootstrap.log" >&2; exit 1; }
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*

# Every module of the JDK but its development tools: the service runs from the class path, so
# whatever its libraries use must be there.
modules=$("$JAVA_HOME/bin/java" --list-modules | sed 's/@.*//' |
  grep -Ev '^jdk\.(jcmd|hotspot\.agent|jdeps|jlink|javadoc|compiler|jshell|jpackage|jartool|jdi|jdwp\.agent|jstatd|editpad|internal\.le|internal\.opt|internal\.ed|internal\.jvmstat|jconsole|incubator\.vector)$' |
  paste -sd, -)
echo "jlink from $JAVA_HOME into /opt/java/openjdk"
mkdir -p "$rootfs/opt/java"
# --generate-cds-archive: the JDK's own class archive, as a JDK has it; a service started without its
# AOT cache (JZENITH_AOT=off, or the launcher below 192 MiB) would otherwise load every JDK class anew.
"$JAVA_HOME/bin/jlink" --module-path "$JAVA_HOME/jmods" --add-modules "$modules" --strip-debug \
  --no-header-files --no-man-pages --generate-cds-archive --output "$rootfs/opt/java/openjdk"

tar --numeric-owner --sort=name -C "$rootfs" -cf "$out/layer.tar" .
python3 - "$out" "$suite" "$("$JAVA_HOME/bin/java" -version 2>&1 | head -n 1)" <<'EOF'
import hashlib, json, sys, tarfile
out, suite, java = sys.argv[1:4]
digest = hashlib.sha256()
with open(f"{out}/layer.tar", "rb") as layer:
    for chunk in iter(lambda: layer.read(1 << 20), b""):
        digest.update(chunk)
created = "1970-01-01T00:00:00Z"
config = json.dumps({
    "architecture": "amd64", "os": "linux", "created": created,
    "config": {"Env": ["PATH=/opt/java/openjdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                       "JAVA_HOME=/opt/java/openjdk"]},
    "rootfs": {"type": "layers", "diff_ids": ["sha256:" + digest.hexdigest()]},
    "history": [{"created": created, "created_by": f"debootstrap --variant=minbase {suite}; jlink of {java}"}],
}).encode()
config_name = hashlib.sha256(config).hexdigest() + ".json"
with open(f"{out}/{config_name}", "wb") as f:
    f.write(config)
with open(f"{out}/manifest.json", "w") as f:
    json.dump([{"Config": config_name, "RepoTags": ["jzenith-base:25"], "Layers": ["layer.tar"]}], f)
with tarfile.open(f"{out}/base.tar", "w") as image:
    for name in ("manifest.json", config_name, "layer.tar"):
        image.add(f"{out}/{name}", arcname=name)
EOF
rm -f "$out/layer.tar"
echo "base image: $out/base.tar ($(du -h "$out/base.tar" | cut -f1)); use -Dimage.base=tar://$out/base.tar"
