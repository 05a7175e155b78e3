#!/usr/bin/env bash
# Sets up the TechEmpower database (techempower.sql) in the local PostgreSQL: starts PostgreSQL
# unless it runs, then creates whatever is missing of role benchmarkdbuser, database hello_world
# and its tables World and Fortune, and the empty database user_service for the user service.
# Idempotent and quick; safe to run before every benchmark.
#   benchmarks/db/setup.sh
# Connects as the superuser postgres on 127.0.0.1 (trust authentication on the project's
# machines); PGHOST, PGPORT and PGUSER override that.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."

host=${PGHOST:-127.0.0.1}
if [[ $host == 127.0.0.1 || $host == localhost ]]; then
  "$root/scripts/services.sh" postgresql >/dev/null
fi
command -v psql >/dev/null 2>&1 || { echo "setup.sh: psql is missing; install it with: apt-get install -y postgresql-client" >&2; exit 1; }
psql -X -q -h "$host" -p "${PGPORT:-5432}" -U "${PGUSER:-postgres}" -d postgres \
  -v ON_ERROR_STOP=1 -f "$here/techempower.sql" >/dev/null
echo "hello_world (World: 10000 rows, Fortune: 12 rows) and user_service are ready on $host:${PGPORT:-5432}"
