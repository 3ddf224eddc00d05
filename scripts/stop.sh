#!/usr/bin/env bash
# `make stop`: stops exactly what `make start` started, by recorded PIDs.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
node scripts/supervisor.mjs stop --profile dev
bash deploy/infra.sh stop --profile dev
