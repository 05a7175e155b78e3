#!/bin/sh
# Makes sure Debian's podman (no daemon) and runc are installed, for running the images that
# ./mvnw package -Pimage writes (benchmarks/image.sh, docs/deployment.md), installing them with
# apt-get when missing. Prints podman's path on success; exits non-zero, saying why, when they
# cannot be installed (no root, no apt-get, no network). Safe to run again.
#
# On machines with hybrid cgroups and limits that cannot be raised (jZenith's build machines), run
# images with the flags found to work there:
#   podman --cgroup-manager=cgroupfs --runtime runc run --ulimit nofile=20000:20000 \
#     --ulimit nproc=4096:4096 --memory=128m --cpus=1 IMAGE
set -eu
if command -v podman >/dev/null 2>&1 && command -v runc >/dev/null 2>&1; then
  command -v podman
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "podman.sh: podman or runc is missing and there is no apt-get to install them; install them by hand" >&2
  exit 1
fi
SUDO=
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    echo "podman.sh: podman or runc is missing and installing them needs root (apt-get install podman runc)" >&2
    exit 1
  fi
fi
echo "podman.sh: installing Debian's podman and runc packages (once per machine)" >&2
# A lock held by another apt run makes apt-get wait for it rather than fail.
$SUDO apt-get -o DPkg::Lock::Timeout=300 update -qq >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -qq podman runc >&2
if ! command -v podman >/dev/null 2>&1 || ! command -v runc >/dev/null 2>&1; then
  echo "podman.sh: apt-get finished but podman or runc is still missing" >&2
  exit 1
fi
command -v podman
