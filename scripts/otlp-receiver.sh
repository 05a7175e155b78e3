#!/bin/sh
# Prints every span a service exports to it, one line each: a collector for a laptop. Listens on
# 127.0.0.1:PORT (4318 unless given) for OTLP/HTTP and OTLP/gRPC alike; Ctrl-C stops it.
#
#   scripts/otlp-receiver.sh [PORT]
#   OTEL_SDK_DISABLED=false OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 examples/user-service/target/user-service/bin/user-service
set -eu
cd "$(dirname "$0")/.."
. scripts/jdk.sh
./mvnw -q -B compile dependency:build-classpath -pl jzenith-test -am \
  -Dmdep.outputFile=target/runtime.classpath -Dmdep.includeScope=runtime
exec "$JAVA_HOME/bin/java" --sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED -cp "jzenith-test/target/classes:$(cat jzenith-test/target/runtime.classpath)" \
  org.jzenith.test.OtlpReceiver "${1:-4318}"
