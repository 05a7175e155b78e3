#!/bin/sh
# Makes sure Debian's RabbitMQ server is installed for jzenith-rabbitmq's integration tests, installing
# the rabbitmq-server package with apt-get when it is missing, without starting its system service
# (scripts/services.sh rabbitmq starts it, as the tests do, when nothing answers on 127.0.0.1:5672;
# fault tests run private nodes from the same package). Prints the server's path on success; exits
# non-zero, saying why, when it cannot be installed (not root, no apt-get, no network).
# Run by .ci/run before the build; safe to run again.
set -eu
SERVER=/usr/lib/rabbitmq/bin/rabbitmq-server
if [ -x "$SERVER" ] && [ -x /usr/sbin/rabbitmq-server ]; then
  echo "$SERVER"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "rabbitmq.sh: $SERVER is missing and there is no apt-get to install it; install RabbitMQ by hand" >&2
  exit 1
fi
if [ "$(id -u)" != 0 ]; then
  echo "rabbitmq.sh: $SERVER is missing and installing it needs root: apt-get install -y rabbitmq-server" >&2
  exit 1
fi
echo "rabbitmq.sh: installing Debian's rabbitmq-server package (once per machine)" >&2
apt-get -o DPkg::Lock::Timeout=300 update -qq >&2
# policy-rc.d answering 101 keeps the package's service from being started by the install; the
# tests start the node themselves (scripts/services.sh rabbitmq) where nothing answers.
policy=/usr/sbin/policy-rc.d
made_policy=
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod 755 "$policy"
  made_policy=1
fi
status=0
DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq rabbitmq-server >&2 || status=$?
[ -z "$made_policy" ] || rm -f "$policy"
if [ "$status" != 0 ]; then
  echo "rabbitmq.sh: apt-get install rabbitmq-server failed (status $status)" >&2
  exit 1
fi
if [ ! -x "$SERVER" ]; then
  echo "rabbitmq.sh: apt-get finished but $SERVER is still missing" >&2
  exit 1
fi
echo "$SERVER"
