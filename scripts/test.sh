#!/usr/bin/env bash
# `make test`: installs what is missing, starts the test engines (their own
# ports and data, so a running `make start` is never touched), builds, runs
# lint, type-check, the contract check and every Jest project against the real
# engines and a real browser, and ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$(pwd)
out="$repo/var/test-results"
rm -rf "$out" && mkdir -p "$out"
checks="$out/checks.tsv"
: >"$checks"

record() { printf '%s\t%s\n' "$1" "$2" >>"$checks"; }
step() { # name, command...
  local name=$1; shift
  echo "── $name"
  if "$@"; then record "$name" passed; else record "$name" failed; fi
}

cleanup() {
  node scripts/supervisor.mjs stop --profile test >/dev/null 2>&1 || true
  bash deploy/infra.sh stop --profile test >/dev/null 2>&1 || true
}
trap cleanup EXIT

tracked_before=$(git status --porcelain --untracked-files=no)
if ! bash scripts/ensure-deps.sh; then
  echo "Dependencies could not be installed."
  echo "0 passed, 1 failed"
  exit 1
fi
# `make start` runs the same install: a first run must leave a checkout clean.
tree_unchanged() { # the tracked files' status before the install
  local now; now=$(git status --porcelain --untracked-files=no)
  [[ "$now" == "$1" ]] || { echo "the install changed tracked files:"; echo "$now"; false; }
}
step "install leaves the tree clean" tree_unchanged "$tracked_before"

# A fresh data folder every run: tests see only what they write.
node scripts/supervisor.mjs stop --profile test >/dev/null 2>&1 || true
bash deploy/infra.sh stop --profile test >/dev/null 2>&1 || true
rm -rf "$repo/var/test"
step "infrastructure (test)" bash deploy/infra.sh start --profile test
step "build" npm run build --silent
step "services (test)" node scripts/supervisor.mjs start --profile test --timeout 120
step "lint" npx eslint . --max-warnings=0
step "type-check" npm run typecheck --silent
step "contracts up to date" node scripts/check-generated.mjs
# Also installs helm once (cached), which the chart tests below need.
step "deploy checks (helm, compose)" bash scripts/check-deploy.sh

echo "── jest (unit, integration, e2e)"
npx jest --ci --runInBand --json --outputFile="$out/jest.json" 2>&1 | tee "$out/jest.log" | grep -E '^(PASS|FAIL)|●' || true

echo
echo "Summary:"
node scripts/summarize-tests.mjs "$checks" "$out/jest.json"
