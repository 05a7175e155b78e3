#!/bin/sh
# Makes sure Debian's Chromium is installed for the browser tests (Swagger UI), installing the
# chromium package with apt-get when /usr/bin/chromium is missing. Prints the browser's path on
# success; exits non-zero, saying why, when it cannot be installed (no root, no apt-get, no network).
# Run by .ci/run before the build and by the browser tests (HeadlessChromium.ensureInstalled); safe to
# run again.
set -eu
CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then
  echo "$CHROMIUM"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium.sh: $CHROMIUM is missing and there is no apt-get to install it; install Chromium by hand" >&2
  exit 1
fi
SUDO=
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    echo "chromium.sh: $CHROMIUM is missing and installing it needs root (apt-get install chromium)" >&2
    exit 1
  fi
fi
echo "chromium.sh: installing Debian's chromium package (once per machine)" >&2
# A lock held by another apt run makes apt-get wait for it rather than fail.
$SUDO apt-get -o DPkg::Lock::Timeout=300 update -qq >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -qq chromium >&2
if [ ! -x "$CHROMIUM" ]; then
  echo "chromium.sh: apt-get finished but $CHROMIUM is still missing" >&2
  exit 1
fi
echo "$CHROMIUM"
