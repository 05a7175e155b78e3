#!/bin/sh
# Rewrites the ```java blocks of README.md and docs/ from the tagged regions of jzenith-docs that
# their <!-- snippet: PATH#NAME --> markers name. The same SnippetsTest that `./mvnw verify` runs,
# told to write instead of failing (blocks without a marker, or a marker naming a missing file or
# tag, still fail: there is no code to fill them from).
set -eu
cd "$(dirname "$0")/.."
exec ./mvnw -q test -pl jzenith-docs -am -Ddocs.update=true -Dtest=SnippetsTest -Dsurefire.failIfNoSpecifiedTests=false "$@"
