#!/usr/bin/env bash
# `make start`: installs what is missing, starts the engines, builds, runs
# every service under supervision and waits until all are healthy.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/ensure-deps.sh
bash deploy/infra.sh start --profile dev
echo "Building…"
npm run build --silent
node scripts/supervisor.mjs start --profile dev --timeout 120

cat <<MSG

HandCheck is running.
  Site and API        http://localhost:8080        (health: /api/health)
  Mailpit (mail UI)   http://localhost:8025
  ClickHouse (HTTP)   http://localhost:8123        (database: handcheck)
  Kafka               127.0.0.1:9092
  MongoDB (FerretDB)  mongodb://127.0.0.1:27017/handcheck
  Service health      ingestion :8081, directory :8082, referral :8083, report :8084  (/health)
  Logs                var/dev/log/<service>.log
Stop everything with: make stop
MSG
