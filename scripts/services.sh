#!/usr/bin/env bash
# Starts a local service that integration tests talk to, the way the tests themselves do
# (org.jzenith.test.services.LocalServices): for people who want it running before a test run or a
# benchmark. Idempotent: a running service is left as it is. There is no stop: nothing in this
# project takes the machine's services away; fault tests start servers of their own.
#
#   scripts/services.sh postgresql|mariadb|redis|rabbitmq          start it unless it runs, wait for its port
#   scripts/services.sh start postgresql|mariadb|redis|rabbitmq    the same
#   scripts/services.sh status postgresql|mariadb|redis|rabbitmq   exit 0 when its port accepts connections
#
# Ports: PostgreSQL 127.0.0.1:5432 (database test, user postgres), MariaDB 127.0.0.1:3306
# (database test, user root), Redis 127.0.0.1:6379, RabbitMQ 127.0.0.1:5672 (guest/guest, Debian's
# rabbitmq-server started with -detached as root; scripts/rabbitmq.sh installs it where it is missing). Runs LocalServicesCommand from source with a
# JDK 25 (see scripts/jdk.sh), so it needs no build.
# Exit status: 0 done; 1 failed (the reason is printed); 2 wrong usage.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/jdk.sh"
exec "$JAVA_HOME/bin/java" \
  "$here/../jzenith-test/src/main/java/org/jzenith/test/services/LocalServicesCommand.java" "$@"
