#!/usr/bin/env bash
# `make start`: installs what running the product needs and is missing (no test
# tool: scripts/install-system.sh start), starts the engines, builds, runs every
# service under supervision and waits until all are healthy.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/install-system.sh start
bash deploy/infra.sh start --profile dev
echo "Building…"
npm run build --silent
node scripts/supervisor.mjs start --profile dev --timeout 120
# The fictional sample specialists, only while the directory is empty (real data:
# npm run directory:import -- <file>). MONGO_URL is the one the services use.
(set -a; . var/dev/infra.env; set +a
 npm run --silent directory:import -- services/directory/data/sample-specialists.json --if-empty)

# The ClickHouse accounts' passwords: made once by deploy/infra.sh, kept in var/dev/ (never committed).
analyst_password="$(sed -n 's/^CLICKHOUSE_ANALYST_PASSWORD=//p' var/dev/infra.env)"
default_password="$(sed -n 's/^CLICKHOUSE_DEFAULT_PASSWORD=//p' var/dev/infra.env)"

cat <<MSG

HandCheck is running.
  Site and API        http://localhost:8080        (API docs: /api/docs, OpenAPI: /api/openapi.json)
  Mailpit (mail UI)   http://localhost:8025
  ClickHouse (HTTP)   http://localhost:8123        (database: handcheck; native protocol on 9000)
    analysts          user analyst, password $analyst_password   (read-only, with limits: docs/analytics.md)
    administration    user default, password $default_password   (the services have accounts of their own)
  Kafka               127.0.0.1:9092
  MongoDB (FerretDB)  mongodb://127.0.0.1:27017/handcheck
  Logs                var/dev/log/<service>.log
Services (health, metrics and gRPC; make status shows which are ready):
MSG
node scripts/supervisor.mjs urls --profile dev
echo "Stop everything with: make stop"
