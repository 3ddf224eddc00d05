# shellcheck shell=bash
# Shared helpers for deploy/infra.sh and the per-engine files beside this one.
# Sourced, never run: the caller has already set `set -euo pipefail`.

ENGINES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DEPLOY_DIR="$(dirname "$ENGINES_DIR")"
REPO_DIR="$(dirname "$DEPLOY_DIR")"
# Absolute, because server command lines and the PID ownership check use it.
HANDCHECK_CACHE="$(realpath -m "${HANDCHECK_CACHE:-$HOME/.cache/handcheck}")"

# Seconds to wait for an engine to become healthy / to exit after SIGTERM.
START_TIMEOUT="${HANDCHECK_START_TIMEOUT:-120}"
STOP_TIMEOUT="${HANDCHECK_STOP_TIMEOUT:-15}"

# Kafka and ClickHouse do the pipeline's batch work (taking in inserts, merging
# parts). On a machine they share with the services, that work waits for the
# CPU rather than the gateway's answers: at the same priority, bursts of
# inserts held the gateway's event loop off the CPU (bench:ingest p99 at 2,000
# requests/s: about 27 ms, against about 10 ms with this). The niceness is
# HANDCHECK_BACKGROUND_NICE, read by scripts/services.config.mjs, which the
# supervisor also uses for ingestion.
BACKGROUND_ENGINES=(kafka clickhouse kafka1 kafka2 kafka3 clickhouse1 clickhouse2)

# Stops with a clear message, before anything starts, when the setting is bad.
check_background_nice() {
  node "$ENGINES_DIR/lower-priority.mjs" || exit 2
}

# Lowers a healthy background engine's CPU priority (see lower-priority.mjs for
# why after start-up and not at launch). Safe to repeat on a running engine.
lower_priority() {
  local engine="$1" pid="$2"
  [[ " ${BACKGROUND_ENGINES[*]} " == *" $engine "* ]] || return 0
  # A healthy engine stays useful at normal priority, so a failure here warns
  # (and the cpu-priority test fails) rather than failing the start.
  node "$ENGINES_DIR/lower-priority.mjs" "$pid" ||
    err "infra: $engine (pid $pid) keeps its normal CPU priority"
}

log() { printf '%s\n' "$*"; }
err() { printf '%s\n' "$*" >&2; }
die() {
  err "infra: $*"
  exit 1
}

# Sets PROFILE, VAR_DIR and every port for the chosen profile. Each port can be
# overridden (HANDCHECK_KAFKA_PORT, ...) so a test can run a third, private set.
load_profile() {
  PROFILE="$1"
  local root
  root="$(realpath -m "${HANDCHECK_VAR_DIR:-$REPO_DIR/var}")"
  VAR_DIR="$root/$PROFILE"
  case "$PROFILE" in
    dev)
      KAFKA_PORT=9092 KAFKA_CONTROLLER_PORT=9093
      CLICKHOUSE_HTTP_PORT=8123 CLICKHOUSE_TCP_PORT=9000
      MONGO_PORT=27017 SMTP_PORT=1025 MAILPIT_PORT=8025
      ;;
    test)
      KAFKA_PORT=19092 KAFKA_CONTROLLER_PORT=19093
      CLICKHOUSE_HTTP_PORT=18123 CLICKHOUSE_TCP_PORT=19000
      MONGO_PORT=27018 SMTP_PORT=11025 MAILPIT_PORT=18025
      ;;
    scale)
      # The local cluster of `make test-scale`: three Kafka brokers (kafka1..3),
      # ZooKeeper and two ClickHouse replicas of one shard (clickhouse1..2).
      # KAFKA_PORT / CLICKHOUSE_HTTP_PORT name the first of each. Every fixed
      # port stays below 32768, where Linux's ephemeral range starts: a port in
      # that range can be held by any outgoing connection (the brokers' own
      # retries to each other among them), and the engine then cannot bind it.
      KAFKA_PORT=25092 KAFKA_CONTROLLER_PORT=25093
      KAFKA2_PORT=25094 KAFKA2_CONTROLLER_PORT=25095
      KAFKA3_PORT=25096 KAFKA3_CONTROLLER_PORT=25097
      CLICKHOUSE_HTTP_PORT=25123 CLICKHOUSE_TCP_PORT=25000 CLICKHOUSE_INTERSERVER_PORT=25009
      CLICKHOUSE2_HTTP_PORT=25124 CLICKHOUSE2_TCP_PORT=25001 CLICKHOUSE2_INTERSERVER_PORT=25010
      ZOOKEEPER_PORT=22181
      MONGO_PORT=27020 SMTP_PORT=25025 MAILPIT_PORT=25825
      ;;
    *) die "unknown profile '$PROFILE' (expected dev, test or scale)" ;;
  esac
  KAFKA_PORT="${HANDCHECK_KAFKA_PORT:-$KAFKA_PORT}"
  KAFKA_CONTROLLER_PORT="${HANDCHECK_KAFKA_CONTROLLER_PORT:-$KAFKA_CONTROLLER_PORT}"
  CLICKHOUSE_HTTP_PORT="${HANDCHECK_CLICKHOUSE_HTTP_PORT:-$CLICKHOUSE_HTTP_PORT}"
  CLICKHOUSE_TCP_PORT="${HANDCHECK_CLICKHOUSE_TCP_PORT:-$CLICKHOUSE_TCP_PORT}"
  MONGO_PORT="${HANDCHECK_MONGO_PORT:-$MONGO_PORT}"
  SMTP_PORT="${HANDCHECK_SMTP_PORT:-$SMTP_PORT}"
  MAILPIT_PORT="${HANDCHECK_MAILPIT_PORT:-$MAILPIT_PORT}"
  LOG_DIR="$VAR_DIR/log"
  RUN_DIR="$VAR_DIR/run"
}

data_dir() { printf '%s/%s' "$VAR_DIR" "$1"; }
log_file() { printf '%s/%s.log' "$LOG_DIR" "$1"; }
pid_file() { printf '%s/%s.pid' "$RUN_DIR" "$1"; }

# True when something accepts TCP connections on 127.0.0.1:$1.
port_open() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Dependency-free protocol probe (Kafka metadata, Mongo ping, HTTP, SMTP banner).
probe() {
  node "$ENGINES_DIR/probe.mjs" "$@"
}

# Runs "$@" while holding an exclusive lock on file $1, so two concurrent
# installs of one version (e.g. dev and test starting together) do not collide.
with_lock() {
  local lock="$1"
  shift
  mkdir -p "$(dirname "$lock")"
  (
    flock 9
    "$@"
  ) 9>"$lock"
}

# The PID recorded for an engine, if that process is alive and still ours:
# its command line must mention the engine's data folder, which guards against
# a recycled PID being mistaken for (and killed as) our server.
running_pid() {
  local engine="$1" pidf pid
  pidf="$(pid_file "$engine")"
  [[ -f "$pidf" ]] || return 1
  pid="$(<"$pidf")"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  [[ -r "/proc/$pid/cmdline" ]] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$(data_dir "$engine")" || return 1
  printf '%s' "$pid"
}

# Starts "$@" detached in its own session, appends its output to the engine's
# log and records its PID.
launch() {
  local engine="$1"
  shift
  local logf pidf
  logf="$(log_file "$engine")"
  pidf="$(pid_file "$engine")"
  mkdir -p "$LOG_DIR" "$RUN_DIR"
  # Logs are appended across restarts; keep one previous file once past 20 MB.
  if [[ -f "$logf" ]] && (($(stat -c %s "$logf") > 20 * 1024 * 1024)); then
    mv "$logf" "$logf.1"
  fi
  printf '\n==== %s starting %s (profile %s) ====\n' "$(date -Is)" "$engine" "$PROFILE" >>"$logf"
  # setsid: the server must outlive this shell and ignore its Ctrl-C.
  # 9>&-: fd 9 holds with_lock's lock, which must not live on in the server.
  setsid "$@" >>"$logf" 2>&1 </dev/null 9>&- &
  printf '%s\n' "$!" >"$pidf"
}

# Polls "<engine>_healthy" until it succeeds, the process dies or time runs out.
wait_healthy() {
  local engine="$1" pid="$2" deadline=$((SECONDS + START_TIMEOUT))
  while ((SECONDS < deadline)); do
    if "${engine}_healthy"; then
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      err "infra: $engine exited during start-up"
      return 1
    fi
    sleep 0.5
  done
  err "infra: $engine not healthy after ${START_TIMEOUT}s"
  return 1
}

start_failed() {
  local engine="$1" logf
  logf="$(log_file "$engine")"
  err ""
  err "infra: $engine failed to start (profile $PROFILE). Last 30 lines of $logf:"
  if [[ -f "$logf" ]]; then
    tail -n 30 "$logf" >&2
  fi
  err "infra: full log: $logf"
}

# SIGTERM, wait up to STOP_TIMEOUT seconds, then SIGKILL.
stop_pid() {
  local engine="$1" pid="$2" deadline=$((SECONDS + STOP_TIMEOUT))
  kill -TERM "$pid" 2>/dev/null || return 0
  while kill -0 "$pid" 2>/dev/null; do
    if ((SECONDS >= deadline)); then
      err "infra: $engine (pid $pid) still running after ${STOP_TIMEOUT}s, sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.2
      break
    fi
    sleep 0.2
  done
}

# Fails with a clear message when a port the engine needs is taken by a
# process this script did not start (another checkout, a system service...).
ensure_ports_free() {
  local engine="$1" port
  shift
  for port in "$@"; do
    if port_open "$port"; then
      err "infra: $engine cannot start: 127.0.0.1:$port is already in use by a process not started by infra.sh for profile $PROFILE (see: ss -ltnp 'sport = :$port')"
      return 1
    fi
  done
}

# Replaces template placeholders @NAME@ with the values of the variables NAME.
render_template() {
  local src="$1" dest="$2" name
  shift 2
  local args=()
  for name in "$@"; do
    args+=(-e "s|@${name}@|${!name}|g")
  done
  mkdir -p "$(dirname "$dest")"
  sed "${args[@]}" "$src" >"$dest.tmp"
  mv "$dest.tmp" "$dest"
}

# Builds a Go main package from a module version fetched through the Go module
# proxy. `go install module@version` is not used because it also asks the
# proxy for the module's version list, which some mirrors refuse; fetching one
# exact version and building it in a scratch copy only needs that version.
#   go_build_module <module> <version> <package> <output-binary> [prepare-fn] [go build flags...]
go_build_module() {
  local module="$1" version="$2" pkg="$3" out="$4" prepare="${5:-}"
  shift 5 || shift $#
  local dir work
  command -v go >/dev/null || die "go is missing: run scripts/install-system.sh start"
  dir="$(cd "$HOME" && go mod download -json "$module@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [[ -n "$dir" && -d "$dir" ]] || die "go mod download $module@$version failed"
  work="$(mktemp -d "${TMPDIR:-/tmp}/handcheck-build.XXXXXX")"
  cp -R "$dir/." "$work/"
  chmod -R u+w "$work"
  if [[ -n "$prepare" ]]; then
    (cd "$work" && "$prepare")
  fi
  (cd "$work" && GOFLAGS=-buildvcs=false go build -trimpath "$@" -o "$out" "$pkg")
  rm -rf "$work"
}
