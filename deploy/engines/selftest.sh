#!/usr/bin/env bash
# shellcheck shell=bash
# End-to-end check of deploy/infra.sh against the real servers, in a throwaway
# data folder and on a private set of ports, so it runs beside running dev and
# test profiles. Uses the normal install cache (installs on first use).
#
#   deploy/engines/selftest.sh
set -euo pipefail

REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
INFRA="$REPO_DIR/deploy/infra.sh"
export HANDCHECK_VAR_DIR
HANDCHECK_VAR_DIR="$(mktemp -d "${TMPDIR:-/tmp}/handcheck-infra-selftest.XXXXXX")"
export HANDCHECK_KAFKA_PORT=29092 HANDCHECK_KAFKA_CONTROLLER_PORT=29093
export HANDCHECK_CLICKHOUSE_HTTP_PORT=28123 HANDCHECK_CLICKHOUSE_TCP_PORT=29000
export HANDCHECK_MONGO_PORT=27019 HANDCHECK_SMTP_PORT=21025 HANDCHECK_MAILPIT_PORT=28025
VAR="$HANDCHECK_VAR_DIR/test"
ENGINES=(kafka clickhouse mongo mail)
passed=0 failed=0

check() {
  local name="$1"
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "ok   $name"
  else
    failed=$((failed + 1))
    echo "FAIL $name"
  fi
}

cleanup() {
  "$INFRA" stop --profile test >/dev/null 2>&1 || true
  rm -rf "$HANDCHECK_VAR_DIR"
}
trap cleanup EXIT

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
all_pids_alive() {
  local e
  for e in "${ENGINES[@]}"; do
    kill -0 "$(<"$VAR/run/$e.pid")" 2>/dev/null || return 1
  done
}
env_file_right() {
  grep -qx 'KAFKA_BROKERS=127.0.0.1:29092' "$VAR/infra.env" &&
    grep -qx 'CLICKHOUSE_URL=http://127.0.0.1:28123' "$VAR/infra.env" &&
    grep -qx 'MONGO_URL=mongodb://127.0.0.1:27019/handcheck' "$VAR/infra.env" &&
    grep -qx 'SMTP_PORT=21025' "$VAR/infra.env" &&
    grep -qx 'MAILPIT_URL=http://127.0.0.1:28025' "$VAR/infra.env"
}
count_lines() { [[ "$(grep -c -- "$2" "$1")" == "$3" ]]; }
fast_second_start() {
  local t0=$SECONDS
  "$INFRA" start --profile test >"$VAR/second-start.out" 2>&1 && ((SECONDS - t0 <= 5))
}
no_ports_open() {
  local p
  for p in 29092 29093 28123 29000 27019 21025 28025; do
    ! port_open "$p" || return 1
  done
}

started_pids=()
check "start brings every engine up" "$INFRA" start --profile test
check "every recorded pid is alive" all_pids_alive
check "infra.env lists the profile's connection settings" env_file_right
"$INFRA" status --profile test >"$VAR/status.out"
check "status reports four engines up" count_lines "$VAR/status.out" ' up ' 4
check "second start is idempotent and fast" fast_second_start
check "second start reuses all four" count_lines "$VAR/second-start.out" 'already running' 4
for e in "${ENGINES[@]}"; do started_pids+=("$(<"$VAR/run/$e.pid")"); done

# A recycled PID must never be killed: point mail's pid file at an unrelated process.
"$INFRA" stop --profile test mail >/dev/null
sleep 60 &
bystander=$!
echo "$bystander" >"$VAR/run/mail.pid"
check "stop ignores a pid that is not ours" "$INFRA" stop --profile test mail
check "the unrelated process survived" kill -0 "$bystander"
kill "$bystander"

check "stop ends every engine" "$INFRA" stop --profile test
check "no engine process is left" bash -c "! kill -0 ${started_pids[*]} 2>/dev/null"
check "pid files are removed" bash -c "! ls '$VAR'/run/*.pid 2>/dev/null"
check "every port is closed" no_ports_open
check "stop again is harmless" "$INFRA" stop --profile test

# Something foreign on a port: start must refuse with a clear message.
node -e "require('node:net').createServer().listen(28123, '127.0.0.1')" &
squatter=$!
for _ in $(seq 50); do port_open 28123 && break; sleep 0.1; done
if "$INFRA" start --profile test clickhouse >"$VAR/conflict.out" 2>&1; then conflict_rc=0; else conflict_rc=$?; fi
kill "$squatter"
check "start refuses a port taken by another process" test "$conflict_rc" -ne 0
check "the refusal names the port" grep -q '127.0.0.1:28123 is already in use' "$VAR/conflict.out"

echo "$passed passed, $failed failed"
((failed == 0))
