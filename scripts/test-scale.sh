#!/usr/bin/env bash
# `make test-scale`: the fault tests of the local cluster (profile scale: three
# KRaft Kafka brokers, ZooKeeper, two ClickHouse replicas, MongoDB, Mailpit, on
# ports of their own, so `make start` and `make test` can run beside it). Starts
# the engines that are not running yet, builds the services (the specs run a
# built one as its own process, to kill it), runs the Jest specs of tests/scale,
# stops by recorded PID the engines it started, and ends with the time of each
# stage and of the ten slowest spec files (var/scale-results/timings.tsv), then
# one line "N passed, N failed" (also in var/scale-results/summary.json for .ci/run).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$(pwd)
out="$repo/var/scale-results"
rm -rf "$out" && mkdir -p "$out"
checks="$out/checks.tsv"
stages="$out/stages.tsv"
: >"$checks"
: >"$stages"
since=$EPOCHREALTIME

# shellcheck source=lib/test-steps.sh
source scripts/lib/test-steps.sh
step() { # name, command...; records and prints the outcome and the time it took
  local name=$1 begun=$SECONDS result=passed
  shift
  echo "── $name"
  timed "$name" "$@" || result=failed
  record "$name" "$result"
  echo "   $result ($((SECONDS - begun)) s)"
  [[ $result == passed ]]
}
jest_scale() {
  npx jest -c jest.scale.config.js --ci --runInBand \
    --json --outputFile="$out/jest.json" 2>&1 |
    tee "$out/jest.log" | grep -E '^(PASS|FAIL)|●' || true
}

# Engines already up (another run, or someone working on the cluster) stay up.
already_up=$(bash deploy/infra.sh status --profile scale | awk '$3 == "up" { print $1 }')
started=()
cleanup() {
  ((${#started[@]})) || return 0
  echo "── stopping what this run started: ${started[*]}"
  timed "stop the engines it started" bash deploy/infra.sh stop --profile scale "${started[@]}" >/dev/null || true
}
trap cleanup EXIT

begun=$SECONDS
echo "── install (scale)"
if timed "install" bash scripts/install-system.sh scale; then
  for engine in kafka1 kafka2 kafka3 zookeeper clickhouse1 clickhouse2 mongo mail; do
    grep -qx "$engine" <<<"$already_up" || started+=("$engine")
  done
  step "infrastructure (scale)" bash deploy/infra.sh start --profile scale &&
    step "build (services)" npm run build:server --silent &&
    {
      echo "── jest (scale)"
      timed "jest (scale)" jest_scale
    }
else
  record "dependencies" failed
fi

# The engines this run started are stopped first, so their stop counts in the total.
cleanup
started=()
jest_report=("$out/jest.json")
[[ -f "$out/jest.json" ]] || jest_report=()
echo
node scripts/timings.mjs --title "make test-scale" --since "$since" "$stages" "${jest_report[@]}"
echo
echo "Summary ($((SECONDS - begun)) s):"
node scripts/summarize-tests.mjs "$checks" "${jest_report[@]}"
