# Local stand-in for apache/kafka:3.9.x: Debian's OpenJDK 17 and the Kafka jars
# deploy/ already fetches from Maven Central. It reads the same KAFKA_* and
# CLUSTER_ID variables as the official image and has the official image's
# /opt/kafka/bin/kafka-broker-api-versions.sh, which the compose health check runs.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN apt-get update -qq \
 && mkdir -p /usr/share/man/man1 \
 && apt-get install -y -qq --no-install-recommends openjdk-17-jre-headless > /dev/null \
 && rm -rf /var/lib/apt/lists/*
COPY libs /opt/kafka/libs
COPY kafka-entrypoint.sh /opt/kafka/bin/entrypoint.sh
COPY kafka-broker-api-versions.sh /opt/kafka/bin/kafka-broker-api-versions.sh
COPY log4j.properties /opt/kafka/config/log4j.properties
RUN groupadd --gid 1000 appuser && useradd --uid 1000 --gid appuser --no-create-home appuser \
 && mkdir -p /var/lib/kafka/data /opt/kafka/config \
 && chown -R appuser:appuser /var/lib/kafka /opt/kafka/config
USER appuser
EXPOSE 9092
ENTRYPOINT ["/opt/kafka/bin/entrypoint.sh"]
