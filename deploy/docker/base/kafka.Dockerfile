# backoffice/base-kafka: Apache Kafka (the jars deploy/local/kafka/pom.xml fetches from Maven Central) on Debian's
# Java, with the official apache/kafka image's interface as docker-compose.yml uses it: KAFKA_* variables turned into
# server.properties, CLUSTER_ID formatting the storage on the first start, /opt/kafka/bin/kafka-broker-api-versions.sh
# for the health check. Made by base-images.mjs only where the official image cannot be pulled.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends default-jre-headless \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 1000 --create-home --shell /bin/sh appuser \
 && mkdir -p /var/lib/kafka/data /opt/kafka/config \
 && chown -R appuser /var/lib/kafka /opt/kafka/config
COPY libs /opt/kafka/libs
COPY log4j2.properties /opt/kafka/config/log4j2.properties
COPY kafka-run.sh /opt/kafka/bin/run.sh
COPY kafka-broker-api-versions.sh /opt/kafka/bin/kafka-broker-api-versions.sh
USER appuser
EXPOSE 9092
CMD ["/opt/kafka/bin/run.sh"]
