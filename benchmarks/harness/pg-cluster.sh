# Sourced (bash) by the benchmarks that need a PostgreSQL cluster of their own (outbox-profile.sh):
# initdb and pg_ctl of the machine's newest PostgreSQL (or JZENITH_POSTGRESQL_BIN), on 127.0.0.1 and
# a port of the run's, with wal_level=logical (the log outbox's slot needs it) and the server's other
# settings as initdb makes them. Its CPU is that cluster's alone, and the machine's own server is
# never reconfigured. PostgreSQL refuses to run as root: then the cluster is the system user postgres's.
#
#   pg_cluster_start DATA PORT [PREFIX...]     e.g. pg_cluster_start "$work/pgdata" 25004 taskset -c 1
#   pg_cluster_drop_database NAME               its replication slots first, then the database
#   pg_cluster_stop
#
# Sets pg_data, pg_port, pg_bin and pg_as (the command prefix that runs as the cluster's user); exits
# the script with the end of the server's log when the cluster does not start. The caller stops it
# (its EXIT trap calls pg_cluster_stop).
pg_cluster_start() {
  pg_data=$1
  pg_port=$2
  shift 2
  command -v psql >/dev/null || { echo "psql is missing: apt-get install -y postgresql-client" >&2; exit 1; }
  pg_bin=${JZENITH_POSTGRESQL_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)}
  pg_as=()
  [ "$(id -u)" != 0 ] || pg_as=(runuser -u postgres --)
  mkdir -p "$pg_data"
  [ "$(id -u)" != 0 ] || chown postgres "$(dirname "$pg_data")" "$pg_data"
  "${pg_as[@]}" "$pg_bin/initdb" -D "$pg_data" -U postgres -A trust -E UTF8 --locale=C >"$pg_data.initdb.log" 2>&1 \
    || { cat "$pg_data.initdb.log" >&2; exit 1; }
  printf "port = %s\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\nwal_level = logical\n" \
    "$pg_port" >>"$pg_data/postgresql.conf"
  "$@" "${pg_as[@]}" "$pg_bin/pg_ctl" start -D "$pg_data" -l "$pg_data/server.log" -w -s \
    || { tail -20 "$pg_data/server.log" >&2; exit 1; }
}

# A database with a replication slot cannot be dropped: drops its slots first, once their readers
# have gone (the server ends a walsender a moment after its client), then the database.
pg_cluster_drop_database() {
  local psql_args=(-X -q -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -v ON_ERROR_STOP=1)
  for _ in $(seq 1 100); do
    PGOPTIONS="-c client_min_messages=warning" psql "${psql_args[@]}" -c \
      "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE database = '$1'" \
      >/dev/null 2>&1 && break
    sleep 0.1
  done
  PGOPTIONS="-c client_min_messages=warning" psql "${psql_args[@]}" -c "DROP DATABASE IF EXISTS $1 WITH (FORCE)" >/dev/null
}

pg_cluster_stop() {
  [ -z "${pg_data-}" ] || [ ! -f "$pg_data/postmaster.pid" ] \
    || "${pg_as[@]}" "$pg_bin/pg_ctl" stop -D "$pg_data" -m fast -w -s || true
}
