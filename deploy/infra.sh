#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# Local infrastructure for HandCheck without Docker: real Kafka, ClickHouse,
# a MongoDB-compatible store (FerretDB) and a mail catcher (Mailpit), started
# natively from binaries cached outside the repo.
#
#   deploy/infra.sh <install|start|stop|status> [--profile dev|test] [engine...]
#
# engine: kafka clickhouse mongo mail (default: all). Profile dev is the default.
#
# Environment:
#   HANDCHECK_CACHE          install cache (default ~/.cache/handcheck)
#   HANDCHECK_VAR_DIR        data root instead of <repo>/var (per profile below it)
#   HANDCHECK_<X>_PORT       port overrides: KAFKA, KAFKA_CONTROLLER, CLICKHOUSE_HTTP,
#                            CLICKHOUSE_TCP, MONGO, SMTP, MAILPIT
#   HANDCHECK_START_TIMEOUT  seconds to wait for health (default 120)
#   HANDCHECK_STOP_TIMEOUT   seconds between SIGTERM and SIGKILL (default 15)
#   HANDCHECK_BACKGROUND_NICE  CPU niceness of Kafka and ClickHouse (default 10, 0 = off)
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/engines/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/engines/kafka.sh"
source "$(dirname "${BASH_SOURCE[0]}")/engines/clickhouse.sh"
source "$(dirname "${BASH_SOURCE[0]}")/engines/zookeeper.sh"
source "$(dirname "${BASH_SOURCE[0]}")/engines/mongo.sh"
source "$(dirname "${BASH_SOURCE[0]}")/engines/mail.sh"

ALL_ENGINES=(kafka clickhouse mongo mail)
# Profile scale runs a cluster: each broker and replica is an engine of its own,
# so a test can stop one of them.
SCALE_ENGINES=(kafka1 kafka2 kafka3 zookeeper clickhouse1 clickhouse2 mongo mail)

usage() {
  err "usage: deploy/infra.sh <install|start|stop|status> [--profile dev|test] [engine...]"
  err "       engines: ${ALL_ENGINES[*]} (default: all)"
  exit 2
}

# Every broker of the profile: the three of scale's cluster, else the one.
kafka_brokers() {
  if [[ "$PROFILE" == scale ]]; then
    printf '127.0.0.1:%s,127.0.0.1:%s,127.0.0.1:%s' "$KAFKA_PORT" "$KAFKA2_PORT" "$KAFKA3_PORT"
  else
    printf '127.0.0.1:%s' "$KAFKA_PORT"
  fi
}

# One user and password per ClickHouse account: the supervisor gives ingestion
# and report their own, tests and scripts take the one they need. `default`
# (CLICKHOUSE_DEFAULT_*) is for a person's administration by hand.
clickhouse_account_lines() {
  local account password
  for account in "${CLICKHOUSE_ACCOUNTS[@]}"; do
    # Run inside $(…), without errexit: a missing password is passed on by hand.
    password="$(clickhouse_password "$account")" || return 1
    printf 'CLICKHOUSE_%s_USER=%s\n' "$account" "${account,,}"
    printf 'CLICKHOUSE_%s_PASSWORD=%s\n' "$account" "$password"
  done
}

# Holds the ClickHouse passwords, so it is the owner's alone.
write_env_file() {
  local file="$VAR_DIR/infra.env" accounts
  mkdir -p "$VAR_DIR"
  accounts="$(clickhouse_account_lines)"
  (umask 077 && : >"$file.tmp")
  cat >"$file.tmp" <<EOF
# Written by deploy/infra.sh start (profile $PROFILE). KEY=value lines: load with
# dotenv, or in a shell with: set -a; . $file; set +a
HANDCHECK_PROFILE=$PROFILE
KAFKA_BROKERS=$(kafka_brokers)
CLICKHOUSE_URL=http://127.0.0.1:$CLICKHOUSE_HTTP_PORT
CLICKHOUSE_TCP_PORT=$CLICKHOUSE_TCP_PORT
$accounts
MONGO_URL=mongodb://127.0.0.1:$MONGO_PORT/handcheck
SMTP_HOST=127.0.0.1
SMTP_PORT=$SMTP_PORT
MAILPIT_URL=http://127.0.0.1:$MAILPIT_PORT
EOF
  mv "$file.tmp" "$file"
}

cmd_install() {
  local engine
  mkdir -p "$HANDCHECK_CACHE"
  for engine in "$@"; do
    "${engine}_install"
    log "$engine: installed"
  done
}

PORT_CONFLICT=3

# Start one engine; runs in a subshell per engine so several start in parallel.
# Any failing step ends that subshell (errexit) and cmd_start reports it, so
# nothing here runs in an `if`/`||` context where errexit would be ignored.
start_engine() {
  local engine="$1" pid t0=$SECONDS
  "${engine}_install"
  mkdir -p "$LOG_DIR" "$RUN_DIR" "$(data_dir "$engine")"

  if pid="$(running_pid "$engine")"; then
    if "${engine}_healthy"; then
      lower_priority "$engine" "$pid"
      # An engine whose files may have changed since it started takes the current ones.
      if declare -F "${engine}_refresh" >/dev/null; then "${engine}_refresh"; fi
      log "$engine: already running (pid $pid), reusing: $("${engine}_describe")"
      return 0
    fi
    log "$engine: running (pid $pid) but not healthy yet, waiting"
  else
    rm -f "$(pid_file "$engine")"
    # shellcheck disable=SC2046 # ports are plain numbers, one word each
    ensure_ports_free "$engine" $("${engine}_ports") || return "$PORT_CONFLICT"
    "${engine}_start"
    pid="$(<"$(pid_file "$engine")")"
  fi

  if ! wait_healthy "$engine" "$pid"; then
    # Leave nothing half-started behind: the log keeps what went wrong.
    stop_pid "$engine" "$pid"
    rm -f "$(pid_file "$engine")"
    return 1
  fi
  lower_priority "$engine" "$pid"
  log "$engine: up in $((SECONDS - t0))s (pid $pid): $("${engine}_describe")"
}

# Holds the engine's run lock so two `start`s of one profile never race.
start_engine_locked() {
  with_lock "$RUN_DIR/$1.lock" start_engine "$1"
}

cmd_start() {
  local engines=("$@") engine failed=() pids=() i rc
  check_background_nice
  mkdir -p "$HANDCHECK_CACHE" "$RUN_DIR"
  # Installs first, one at a time: the Go builds and the Maven fetch each use
  # both cores, and running them together only makes every one slower.
  for engine in "$@"; do
    "${engine}_install"
  done
  # Before any engine: the ClickHouse servers and infra.env both read them.
  ensure_clickhouse_passwords
  for engine in "$@"; do
    start_engine_locked "$engine" &
    pids+=("$!")
  done
  for i in "${!pids[@]}"; do
    rc=0
    wait "${pids[$i]}" || rc=$?
    if ((rc)); then
      engine="${engines[$i]}"
      failed+=("$engine")
      # A port conflict was already explained; the engine's log is unrelated.
      ((rc == PORT_CONFLICT)) || start_failed "$engine"
    fi
  done
  if ((${#failed[@]})); then
    err "infra: failed to start (profile $PROFILE): ${failed[*]}"
    return 1
  fi
  write_env_file
  log "connection settings: $VAR_DIR/infra.env"
}

stop_engine() {
  local engine="$1" pid
  if pid="$(running_pid "$engine")"; then
    stop_pid "$engine" "$pid"
    log "$engine: stopped (pid $pid)"
  else
    log "$engine: not running"
  fi
  rm -f "$(pid_file "$engine")"
}

cmd_stop() {
  local engine pids=()
  mkdir -p "$RUN_DIR"
  for engine in "$@"; do
    with_lock "$RUN_DIR/$engine.lock" stop_engine "$engine" &
    pids+=("$!")
  done
  local status=0 p
  for p in "${pids[@]}"; do
    wait "$p" || status=1
  done
  return "$status"
}

cmd_status() {
  local engine pid state note port
  for engine in "$@"; do
    note=""
    if pid="$(running_pid "$engine")"; then
      state="up"
      "${engine}_healthy" || state="unhealthy"
      note="  (pid $pid)"
    else
      state="down"
      for port in $("${engine}_ports"); do
        if port_open "$port"; then
          note="  (port $port is taken by a process not started by infra.sh)"
          break
        fi
      done
    fi
    printf '%-10s %-4s %-9s %s%s\n' "$engine" "$PROFILE" "$state" "$("${engine}_describe")" "$note"
  done
}

main() {
  (($#)) || usage
  local command="$1" profile="dev" engines=()
  shift
  while (($#)); do
    case "$1" in
      --profile) (($# >= 2)) || usage; profile="$2"; shift 2 ;;
      --profile=*) profile="${1#--profile=}"; shift ;;
      -h | --help) usage ;;
      kafka | clickhouse | mongo | mail | kafka[123] | zookeeper | clickhouse[12]) engines+=("$1"); shift ;;
      *) err "infra: unknown engine or option '$1'"; usage ;;
    esac
  done
  load_profile "$profile"
  if [[ "$PROFILE" == scale ]]; then
    ((${#engines[@]})) || engines=("${SCALE_ENGINES[@]}")
  else
    ((${#engines[@]})) || engines=("${ALL_ENGINES[@]}")
  fi

  case "$command" in
    install) cmd_install "${engines[@]}" ;;
    start) cmd_start "${engines[@]}" ;;
    stop) cmd_stop "${engines[@]}" ;;
    status) cmd_status "${engines[@]}" ;;
    *) usage ;;
  esac
}

main "$@"
