#!/usr/bin/env bash
# `make test`: installs what is missing (scripts/install-system.sh test), then
#   1. without engines, so a broken change is known in about two minutes: lint,
#      type-check and the deploy checks side by side, the contract check, the unit
#      Jest project with workers; a type error or a failing unit test stops the run here;
#   2. starts the test engines (their own ports and data, so a running `make start`
#      is never touched), builds, starts the services, and runs the integration and
#      e2e Jest projects against them and a real browser, then the faults project (the
#      specs that stop or restart an engine) last and alone.
# Ends with the time of each stage and of the ten slowest spec files
# (var/test-results/timings.tsv), then one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$(pwd)
out="$repo/var/test-results"
rm -rf "$out" && mkdir -p "$out"
checks="$out/checks.tsv"
stages="$out/stages.tsv"
: >"$checks"
: >"$stages"
begun=$EPOCHREALTIME

# shellcheck source=lib/test-steps.sh
source scripts/lib/test-steps.sh
step() { # name, command...: a check of its own in the summary; fails when the command did
  local name=$1
  shift
  echo "── $name"
  if timed "$name" "$@"; then record "$name" passed; else record "$name" failed; false; fi
}
# Lint, type-check and the deploy checks are each single-threaded: side by side they take
# about the time of the longest. Each one's output is kept and shown when it is awaited.
declare -A background=()
step_start() { # name, command...
  local name=$1
  shift
  timed "$name" "$@" >"$out/step-${name%% *}.log" 2>&1 &
  background[$name]=$!
}
step_wait() { # name
  local name=$1 status=0
  wait "${background[$name]}" || status=$?
  echo "── $name"
  cat "$out/step-${name%% *}.log"
  if ((status == 0)); then record "$name" passed; else record "$name" failed; false; fi
}
# HANDCHECK_JEST_ARGS adds options to every Jest run, e.g. `--randomize` to show that the
# specs of each project pass in any order (Jest prints the seed to replay one).
read -r -a extra_jest_args <<<"${HANDCHECK_JEST_ARGS:-}"
jest_run() { # name (its .json and .log in var/test-results), jest options...: Jest's status
  local name=$1
  shift
  npx jest --ci --json --outputFile="$out/$name.json" "${extra_jest_args[@]}" "$@" 2>&1 |
    tee "$out/$name.log" | grep -E '^(PASS|FAIL)|●'
  return "${PIPESTATUS[0]}"
}
finish() { # jest reports...: prints the timings, then the summary, whose status it returns
  echo
  node scripts/timings.mjs --title "make test" --since "$begun" "$stages" "$@"
  echo
  echo "Summary:"
  node scripts/summarize-tests.mjs "$checks" "$@"
}

engines_started=0
cleanup() {
  ((engines_started)) || return 0
  node scripts/supervisor.mjs stop --profile test >/dev/null 2>&1 || true
  bash deploy/infra.sh stop --profile test >/dev/null 2>&1 || true
}
trap cleanup EXIT

tracked_before=$(git status --porcelain --untracked-files=no)
echo "── install (test)"
if ! timed "install" bash scripts/install-system.sh test; then
  echo "Dependencies could not be installed."
  record "dependencies" failed
  finish
  exit 1
fi
# `make start` runs the same install: a first run must leave a checkout clean.
tree_unchanged() { # the tracked files' status before the install
  local now
  now=$(git status --porcelain --untracked-files=no)
  [[ "$now" == "$1" ]] || {
    echo "the install changed tracked files:"
    echo "$now"
    false
  }
}
step "install leaves the tree clean" tree_unchanged "$tracked_before"

# Stage 1: nothing here needs an engine or a build (Jest maps the workspaces to their sources).
# Stage 2's build (emit only: the type-check below checks these sources) starts now, at the
# lowest CPU priority: it takes the cycles stage 1 leaves idle (the type-check alone at its
# end, the deploy unit specs) and is done when stage 1 is, instead of 25 s after it.
step_start "build" nice -n 19 npm run build:emit --silent
step_start "lint" npx eslint . --max-warnings=0
step_start "type-check" npm run typecheck --silent
# Also installs helm and promtool once (cached), which the unit specs of tests/deploy need.
step_start "deploy checks (helm, compose)" bash scripts/check-deploy.sh
step_wait "lint"
step_wait "type-check"
typecheck_status=$?
step "contracts up to date" node scripts/check-generated.mjs
echo "── jest (unit)"
# Every core: Jest's default leaves one for itself, which on two cores means in band. The
# unit specs of tests/deploy need the tools the deploy checks build (minutes on an empty
# cache), so they run after those; everything else does not wait for them. (One Jest run
# over both when the checks are done early saved nothing: measured.)
timed "jest (unit)" jest_run jest-unit --selectProjects unit --maxWorkers=100% \
  --testPathIgnorePatterns /node_modules/ /dist/ /tests/deploy/
unit_status=$?
step_wait "deploy checks (helm, compose)"
echo "── jest (unit: deploy)"
timed "jest (unit: deploy)" jest_run jest-unit-deploy --selectProjects unit --maxWorkers=100% \
  --testPathPatterns /tests/deploy/
deploy_unit_status=$?
((unit_status != 0)) || unit_status=$deploy_unit_status
if ((typecheck_status != 0 || unit_status != 0)); then
  echo
  ((typecheck_status == 0)) || echo "Stopped before the engines: the type-check failed."
  ((unit_status == 0)) || echo "Stopped before the engines: the unit project failed."
  wait "${background[build]}"
  finish "$out/jest-unit.json" "$out/jest-unit-deploy.json"
  exit 1
fi

# Stage 2: a fresh data folder every run, so tests see only what they write.
engines_started=1
node scripts/supervisor.mjs stop --profile test >/dev/null 2>&1 || true
bash deploy/infra.sh stop --profile test >/dev/null 2>&1 || true
rm -rf "$repo/var/test"
step "infrastructure (test)" bash deploy/infra.sh start --profile test
step_wait "build" || {
  finish "$out/jest-unit.json" "$out/jest-unit-deploy.json"
  exit 1
}
step "services (test)" node scripts/supervisor.mjs start --profile test --timeout 120

echo "── jest (integration, e2e)"
# With workers: each spec keeps to ids of its own (session and event ids, a Kafka topic and
# group, a ClickHouse or MongoDB database, mail addresses), so specs run side by side. Most of
# their time is spent waiting on an engine or a browser, so four workers on two cores take
# about 40 % of the time (measured on a fresh stack: 13 min in band, 6 min 2 s with three,
# 5 min 32 s with four, 5 min 42 s with five).
timed "jest (integration, e2e)" jest_run jest-engines --selectProjects integration e2e --maxWorkers=4
echo "── jest (faults)"
# Last and alone: these stop or restart the shared engines (jest.config.js, FAULTS).
timed "jest (faults)" jest_run jest-faults --selectProjects faults --runInBand

finish "$out/jest-unit.json" "$out/jest-unit-deploy.json" "$out/jest-engines.json" \
  "$out/jest-faults.json"
