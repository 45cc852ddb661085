#!/bin/sh
# Writes server.properties from the KAFKA_* variables as the official image does (KAFKA_NODE_ID -> node.id; `__` is
# an underscore, `___` a dash), formats the storage once with CLUSTER_ID, then runs the broker in the foreground.
set -eu
config=/opt/kafka/config/server.properties
: > "$config"
env | grep '^KAFKA_' | while IFS='=' read -r name value; do
  case "$name" in KAFKA_HEAP_OPTS|KAFKA_OPTS|KAFKA_JVM_PERFORMANCE_OPTS|KAFKA_LOG4J_OPTS) continue ;; esac
  key=$(printf '%s' "${name#KAFKA_}" | tr 'A-Z' 'a-z' | sed -e 's/___/-/g' -e 's/__/@/g' -e 's/_/./g' -e 's/@/_/g')
  printf '%s=%s\n' "$key" "$value" >> "$config"
done
cp="/opt/kafka/libs/*"
log="-Dlog4j2.configurationFile=/opt/kafka/config/log4j2.properties"
data=$(sed -n 's/^log.dirs=//p' "$config" | cut -d, -f1)
if [ ! -f "${data:-/var/lib/kafka/data}/meta.properties" ]; then
  # A static voter list (controller.quorum.voters) is formatted as is; a dynamic quorum starts as its one voter.
  standalone=--standalone
  grep -q '^controller.quorum.voters=' "$config" && standalone=
  java $log -cp "$cp" kafka.tools.StorageTool format -t "${CLUSTER_ID:?CLUSTER_ID is required}" -c "$config" $standalone --ignore-formatted
fi
exec java ${KAFKA_HEAP_OPTS:--Xmx512m} -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true ${KAFKA_OPTS:-} $log -cp "$cp" kafka.Kafka "$config"
