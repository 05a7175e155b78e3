#!/usr/bin/env bash
# Starts (or stops) a local service that integration tests talk to, as installed from Debian's
# packages on the project's machines. Idempotent: starting a running service does nothing.
#
#   scripts/services.sh postgresql|mariadb|redis          start it unless it runs, wait for its port
#   scripts/services.sh start postgresql|mariadb|redis    the same
#   scripts/services.sh stop postgresql|mariadb|redis     stop it (for fault tests), wait until gone
#   scripts/services.sh status postgresql|mariadb|redis   exit 0 when its port accepts connections
#
# Ports: PostgreSQL 127.0.0.1:5432 (database test, user postgres), MariaDB 127.0.0.1:3306
# (database test, user root), Redis 127.0.0.1:6379. The tests find this script through
# org.jzenith.test.services.LocalServices, which calls it when a port is closed.
# Exit status: 0 done; 1 failed (the reason is printed); 2 wrong usage.
set -euo pipefail

readonly HOST=127.0.0.1
readonly WAIT_SECONDS=${JZENITH_SERVICES_WAIT_SECONDS:-30}

usage() {
  echo "usage: $0 [start|stop|status] postgresql|mariadb|redis" >&2
  exit 2
}

fail() {
  echo "services.sh: $*" >&2
  exit 1
}

port_of() {
  case "$1" in
    postgresql) echo 5432 ;;
    mariadb) echo 3306 ;;
    redis) echo 6379 ;;
    *) usage ;;
  esac
}

# Whether 127.0.0.1:$1 accepts a TCP connection (bash's /dev/tcp; no other tool needed).
port_open() {
  (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null
}

wait_for_port() { # service port open|closed
  local deadline=$((SECONDS + WAIT_SECONDS))
  while ((SECONDS < deadline)); do
    if [[ $3 == open ]] && port_open "$2"; then return 0; fi
    if [[ $3 == closed ]] && ! port_open "$2"; then return 0; fi
    sleep 0.2
  done
  fail "$1 did not become $3 on $HOST:$2 within ${WAIT_SECONDS}s"
}

need_root() { # service
  if [[ $(id -u) -ne 0 ]]; then
    fail "starting and stopping $1 needs root (it runs as its own system user); run: sudo $0 $ACTION $1"
  fi
}

missing() { # service package
  fail "$1 is not installed; install it with: apt-get update && apt-get install -y $2"
}

postgresql_version() {
  [[ -d /etc/postgresql ]] || return 1
  # The newest installed cluster version, such as 15.
  ls /etc/postgresql | sort -n | tail -n 1
}

start_postgresql() {
  command -v pg_ctlcluster >/dev/null 2>&1 || missing postgresql postgresql
  local version
  version=$(postgresql_version) || missing postgresql postgresql
  [[ -n $version ]] || missing postgresql postgresql
  need_root postgresql
  if ! pg_ctlcluster --skip-systemctl-redirect "$version" main status >/dev/null 2>&1; then
    pg_ctlcluster --skip-systemctl-redirect "$version" main start
  fi
  wait_for_port postgresql 5432 open
  # The tests use the database test; create it when this is a fresh installation.
  if ! runuser -u postgres -- psql -qtAc "SELECT 1 FROM pg_database WHERE datname = 'test'" | grep -q 1; then
    runuser -u postgres -- createdb test
  fi
}

stop_postgresql() {
  command -v pg_ctlcluster >/dev/null 2>&1 || missing postgresql postgresql
  local version
  version=$(postgresql_version) || missing postgresql postgresql
  need_root postgresql
  if pg_ctlcluster --skip-systemctl-redirect "$version" main status >/dev/null 2>&1; then
    pg_ctlcluster --skip-systemctl-redirect "$version" main stop -m fast
  fi
  wait_for_port postgresql 5432 closed
}

start_mariadb() {
  [[ -x /usr/sbin/mariadbd ]] || missing mariadb mariadb-server
  need_root mariadb
  command -v start-stop-daemon >/dev/null 2>&1 || missing start-stop-daemon dpkg
  # The socket and pid folder lives on a tmpfs that the init system would otherwise create.
  install -d -o mysql -g mysql -m 0755 /run/mysqld
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
  wait_for_port mariadb 3306 open
  if command -v mariadb >/dev/null 2>&1; then
    mariadb -u root -e 'CREATE DATABASE IF NOT EXISTS test'
  fi
}

stop_mariadb() {
  [[ -x /usr/sbin/mariadbd ]] || missing mariadb mariadb-server
  need_root mariadb
  start-stop-daemon --stop --oknodo --retry TERM/30/KILL/5 --exec /usr/sbin/mariadbd >/dev/null
  wait_for_port mariadb 3306 closed
}

start_redis() {
  command -v redis-server >/dev/null 2>&1 || missing redis redis-server
  if ! port_open 6379; then
    if [[ ! -w /var/lib/redis || ! -w /var/log/redis ]]; then
      fail "redis needs to write /var/lib/redis and /var/log/redis; run as root: sudo $0 $ACTION redis"
    fi
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log
  fi
  wait_for_port redis 6379 open
}

stop_redis() {
  command -v redis-cli >/dev/null 2>&1 || missing redis redis-tools
  if port_open 6379; then
    redis-cli -h "$HOST" -p 6379 shutdown nosave >/dev/null 2>&1 || true
  fi
  wait_for_port redis 6379 closed
}

ACTION=start
case "${1-}" in
  start | stop | status)
    ACTION=$1
    shift
    ;;
esac
[[ $# -eq 1 ]] || usage
SERVICE=$1
PORT=$(port_of "$SERVICE")

case "$ACTION" in
  status)
    if port_open "$PORT"; then
      echo "$SERVICE accepts connections on $HOST:$PORT"
      exit 0
    fi
    echo "$SERVICE does not accept connections on $HOST:$PORT"
    exit 1
    ;;
  start)
    if port_open "$PORT"; then
      echo "$SERVICE already runs on $HOST:$PORT"
      exit 0
    fi
    "start_$SERVICE"
    echo "$SERVICE runs on $HOST:$PORT"
    ;;
  stop)
    "stop_$SERVICE"
    echo "$SERVICE stopped"
    ;;
esac
