#!/usr/bin/env bash
# Installs chDB (PyPI: an in-process build of a current ClickHouse) into a
# virtualenv of its own under the install cache, one per version, for the test
# that runs the product's SQL on a current ClickHouse. Nothing is done when that
# version is there. Prints the path of the venv's python on stdout.
#
#   scripts/chdb/ensure.sh
set -euo pipefail

CHDB=4.4.0
CHDB_CORE=26.9.0 # ClickHouse 26.9
cache="${HANDCHECK_CACHE:-$HOME/.cache/handcheck}"
venv="$cache/chdb-$CHDB-core-$CHDB_CORE"
stamp="$venv/.installed" # written last: a venv without it is made again from scratch

if [[ ! -f "$stamp" ]]; then
  echo "chdb: installing chdb $CHDB (chdb-core $CHDB_CORE) into $venv" >&2
  rm -rf "$venv"
  mkdir -p "$cache"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "chdb==$CHDB" "chdb-core==$CHDB_CORE" >&2
  touch "$stamp"
fi
echo "$venv/bin/python"
