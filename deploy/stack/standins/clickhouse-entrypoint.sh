#!/bin/bash
# Writes the server and user configuration from the official image's variables,
# creates CLICKHOUSE_DB once the server answers, and stays in the foreground.
# ClickHouse merges any file mounted in users.d/ beside users.xml into it (the
# product's accounts: deploy/clickhouse/users.d/handcheck.xml).
set -euo pipefail
user="${CLICKHOUSE_USER:-default}"
password="${CLICKHOUSE_PASSWORD:-}"
hash="$(printf '%s' "$password" | sha256sum | cut -d' ' -f1)"
cat > /etc/clickhouse-server/config.xml <<XML
<?xml version="1.0"?>
<yandex>
    <logger><level>warning</level><console>true</console></logger>
    <listen_host>${CLICKHOUSE_LISTEN_HOST:-0.0.0.0}</listen_host>
    <http_port>${CLICKHOUSE_HTTP_PORT:-8123}</http_port>
    <tcp_port>${CLICKHOUSE_TCP_PORT:-9000}</tcp_port>
    <max_connections>1024</max_connections>
    <keep_alive_timeout>3</keep_alive_timeout>
    <max_concurrent_queries>100</max_concurrent_queries>
    <uncompressed_cache_size>268435456</uncompressed_cache_size>
    <mark_cache_size>268435456</mark_cache_size>
    <path>/var/lib/clickhouse/</path>
    <tmp_path>/var/lib/clickhouse/tmp/</tmp_path>
    <user_files_path>/var/lib/clickhouse/user_files/</user_files_path>
    <format_schema_path>/var/lib/clickhouse/format_schemas/</format_schema_path>
    <users_config>users.xml</users_config>
    <default_profile>default</default_profile>
    <default_database>default</default_database>
    <timezone>UTC</timezone>
    <mlock_executable>false</mlock_executable>
</yandex>
XML
cat > /etc/clickhouse-server/users.xml <<XML
<?xml version="1.0"?>
<yandex>
    <profiles><default><max_memory_usage>4000000000</max_memory_usage></default></profiles>
    <users>
        <${user}>
            <password_sha256_hex>${hash}</password_sha256_hex>
            <networks><ip>::/0</ip></networks>
            <profile>default</profile>
            <quota>default</quota>
        </${user}>
    </users>
    <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors>
        <result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
XML
clickhouse-server --config-file=/etc/clickhouse-server/config.xml &
server=$!
trap 'kill -TERM "$server"; wait "$server"; exit $?' TERM INT
if [[ -n "${CLICKHOUSE_DB:-}" ]]; then
  until clickhouse-client --port "${CLICKHOUSE_TCP_PORT:-9000}" --user "$user" --password "$password" \
    --query "CREATE DATABASE IF NOT EXISTS ${CLICKHOUSE_DB}" 2> /dev/null; do
    kill -0 "$server" 2> /dev/null || exit 1
    sleep 0.5
  done
fi
wait "$server"
