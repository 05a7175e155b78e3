#!/bin/sh
# Makes sure Debian's HAProxy is installed for the rolling-restart benchmark (benchmarks/rolling.sh) and
# RollingRestartIT, installing the haproxy package with apt-get when it is missing. Only the binary is
# used: both start their own haproxy with a configuration of their own on their own ports; the
# package's system service is neither configured nor relied on. Prints haproxy's path on success;
# exits non-zero, saying why, when it cannot be installed (not root, no apt-get, no network).
# Run by .ci/run before the build; safe to run again.
set -eu
HAPROXY=/usr/sbin/haproxy
if [ -x "$HAPROXY" ]; then
  echo "$HAPROXY"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "haproxy.sh: $HAPROXY is missing and there is no apt-get to install it; install HAProxy by hand" >&2
  exit 1
fi
if [ "$(id -u)" != 0 ]; then
  echo "haproxy.sh: $HAPROXY is missing and installing it needs root: apt-get install -y haproxy" >&2
  exit 1
fi
echo "haproxy.sh: installing Debian's haproxy package (once per machine)" >&2
# A lock held by another apt run makes apt-get wait for it rather than fail.
apt-get -o DPkg::Lock::Timeout=300 update -qq >&2
# policy-rc.d answering 101 keeps the package's own haproxy service from being started: nothing here
# uses it, and it would hold the packaged configuration's ports.
policy=/usr/sbin/policy-rc.d
made_policy=
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod 755 "$policy"
  made_policy=1
fi
status=0
DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq haproxy >&2 || status=$?
[ -z "$made_policy" ] || rm -f "$policy"
if [ "$status" != 0 ]; then
  echo "haproxy.sh: apt-get install haproxy failed (status $status)" >&2
  exit 1
fi
if [ ! -x "$HAPROXY" ]; then
  echo "haproxy.sh: apt-get finished but $HAPROXY is still missing" >&2
  exit 1
fi
echo "$HAPROXY"
