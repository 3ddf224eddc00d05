#!/bin/bash
# Reads the official image's MONGO_INITDB_ROOT_USERNAME / _PASSWORD: FerretDB
# creates that user in `admin` on first start and then requires SCRAM sign-in.
set -euo pipefail
args=(--handler=sqlite --sqlite-url=file:/data/db/sqlite/ --state-dir=/data/db/state
  --debug-addr=- --telemetry=disable --log-level=warn)
if [[ -n "${MONGO_INITDB_ROOT_USERNAME:-}" ]]; then
  export FERRETDB_TEST_ENABLE_NEW_AUTH=true FERRETDB_SETUP_DATABASE=admin
  export FERRETDB_SETUP_USERNAME="$MONGO_INITDB_ROOT_USERNAME"
  export FERRETDB_SETUP_PASSWORD="${MONGO_INITDB_ROOT_PASSWORD:?MONGO_INITDB_ROOT_PASSWORD is required with a user name}"
fi
exec /usr/local/bin/ferretdb "${args[@]}" "--listen-addr=${MONGO_LISTEN_ADDR:-:27017}" "$@"
