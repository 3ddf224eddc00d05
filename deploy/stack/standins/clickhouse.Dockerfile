# Local stand-in for clickhouse/clickhouse-server: Debian's clickhouse-server
# (18.16, the version the project is tested against here). It reads the official
# image's CLICKHOUSE_USER / CLICKHOUSE_PASSWORD / CLICKHOUSE_DB variables, merges
# what is mounted in /etc/clickhouse-server/users.d/ as that image does (the
# product's accounts, their passwords read with from_env, which 18.16 has too)
# and has wget for the compose health check.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends clickhouse-server clickhouse-client wget > /dev/null \
 && rm -rf /var/lib/apt/lists/*
COPY clickhouse-entrypoint.sh /entrypoint.sh
RUN mkdir -p /var/lib/clickhouse /etc/clickhouse-server/users.d \
 && chown -R clickhouse:clickhouse /var/lib/clickhouse /etc/clickhouse-server
USER clickhouse
EXPOSE 8123 9000
ENTRYPOINT ["/entrypoint.sh"]
