#!/usr/bin/env bash
# Installs what is missing, and only that: system packages, schemathesis, then
# npm packages when package-lock.json changed since the last install.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/install-system.sh
# schemathesis, which checks docs/openapi.json against the running gateway (PyPI, cached by version).
bash scripts/install-schemathesis.sh >/dev/null
# chDB (PyPI, a current ClickHouse in process), which runs the product's SQL beside 18.16
# (tests/integration/clickhouse-current; cached by version).
bash scripts/chdb/ensure.sh >/dev/null

stamp=node_modules/.handcheck-lock-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "Installing npm packages…"
  # npm ci installs the lock as written and never rewrites it; the lock lists
  # every platform's optional binaries, so it fits any machine.
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" >"$stamp"
fi
