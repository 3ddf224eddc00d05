#!/bin/bash
# Turns KAFKA_* variables into server.properties the way the official image
# does (KAFKA_LOG_DIRS -> log.dirs; "__" -> "_", "___" -> "-"), formats the
# storage once for CLUSTER_ID, and runs the broker in the foreground.
set -euo pipefail
props=/opt/kafka/config/server.properties
: > "$props"
while IFS='=' read -r name value; do
  case "$name" in
    KAFKA_HEAP_OPTS | KAFKA_OPTS | KAFKA_JVM_PERFORMANCE_OPTS) continue ;;
    KAFKA_*)
      key="${name#KAFKA_}"
      key="$(printf '%s' "$key" | tr '[:upper:]' '[:lower:]' | sed -e 's/___/-/g' -e 's/__/@/g' -e 's/_/./g' -e 's/@/_/g')"
      printf '%s=%s\n' "$key" "$value" >> "$props"
      ;;
  esac
done < <(env)
: "${CLUSTER_ID:?CLUSTER_ID is required}"
cp="/opt/kafka/libs/*"
log4j="-Dlog4j.configuration=file:/opt/kafka/config/log4j.properties"
java $log4j -cp "$cp" kafka.tools.StorageTool format --ignore-formatted -t "$CLUSTER_ID" -c "$props" > /dev/null
# shellcheck disable=SC2086
exec java ${KAFKA_HEAP_OPTS:--Xmx512m -Xms256m} -Djava.awt.headless=true $log4j -cp "$cp" kafka.Kafka "$props"
