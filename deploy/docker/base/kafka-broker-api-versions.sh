#!/bin/sh
# As the official image's script of the same name: asks the broker for its API versions (the health check).
exec java -Xmx64m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "/opt/kafka/libs/*" -Dlog4j2.configurationFile=/opt/kafka/config/log4j2.properties org.apache.kafka.tools.BrokerApiVersionsCommand "$@"
