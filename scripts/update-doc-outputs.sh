#!/bin/sh
# Rewrites the blocks of README.md and docs/ under <!-- output: user-service --> markers with what
# their commands ($ bin/user-service ARGS) print: the same DocumentedOutputIT that `./mvnw verify`
# runs, told to write instead of failing. Builds the user service's distribution first.
set -eu
cd "$(dirname "$0")/.."
exec ./mvnw -q verify -pl examples/user-service -am -Ddocs.update=true -Dit.test=DocumentedOutputIT -Dtest=none \
  -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false "$@"
