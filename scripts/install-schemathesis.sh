#!/usr/bin/env bash
# Installs schemathesis (PyPI), which `make test` runs against docs/openapi.json
# (tests/integration/gateway/api-contract.int-spec.ts), into a virtualenv of its own under
# the install cache, one per version: when that version is there, nothing is done.
# Prints the path of its `schemathesis` command on stdout.
#
#   scripts/install-schemathesis.sh
set -euo pipefail

VERSION=4.32.5
cache="${HANDCHECK_CACHE:-$HOME/.cache/handcheck}"
venv="$cache/schemathesis-$VERSION"
# Written last: a venv without it is a half-done install, made again from scratch.
stamp="$venv/.installed"

if [[ ! -f "$stamp" ]]; then
  if ! python3 -c 'import sys, venv; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
    echo "install-schemathesis: schemathesis needs Python 3.10 or newer with venv (apt-get install python3-venv)" >&2
    exit 1
  fi
  echo "install-schemathesis: installing schemathesis $VERSION into $venv" >&2
  rm -rf "$venv"
  mkdir -p "$cache"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION" >&2
  touch "$stamp"
fi
echo "$venv/bin/schemathesis"
