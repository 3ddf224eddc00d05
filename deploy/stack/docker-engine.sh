#!/usr/bin/env bash
# A private Docker engine for `make test-deploy`: its own data root (in the
# cache, so images and build layers survive between runs), exec root, PID file
# and socket. It never touches the host's network: no bridge, no firewall
# rules, no IP forwarding, no masquerading; every container runs on the host
# network. `stop` ends it by its recorded PID and checks that the network is
# exactly as `start` found it.
#
#   bash deploy/stack/docker-engine.sh start   # prints DOCKER_HOST=unix://...
#   bash deploy/stack/docker-engine.sh stop
#   bash deploy/stack/docker-engine.sh env     # DOCKER_HOST=... (never starts anything)
set -euo pipefail

STACK_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$STACK_DIR/../.." && pwd)"
eval "$(bash "$STACK_DIR/tools.sh" paths)"
# shellcheck source=/dev/null
source "$REPO_DIR/deploy/engines/common.sh" # stop_pid; sets HANDCHECK_CACHE absolute
DOCKER_VERSION="$(dpkg-query -W -f='${Version}' docker.io 2> /dev/null | sed 's/[^0-9.].*//')"
DATA_ROOT="$HANDCHECK_CACHE/docker-${DOCKER_VERSION:-unknown}"
# Short and fixed: containerd's socket lives under the exec root, and a unix
# socket path must stay under 108 bytes whatever the clone's path is.
RUN_DIR="${HANDCHECK_DOCKER_RUN_DIR:-/run/handcheck-docker}"
SOCKET="$RUN_DIR/docker.sock"
PIDFILE="$RUN_DIR/dockerd.pid"
LOG="$REPO_DIR/var/deploy/log/dockerd.log"
BASELINE="$RUN_DIR/network-baseline.txt"

log() { printf '[docker-engine] %s\n' "$*"; }
die() {
  printf '[docker-engine] %s\n' "$*" >&2
  exit 1
}

# Everything of the host's network an engine could change.
network_state() {
  set +o pipefail
  ip -o link show | awk -F': ' '{ print "link", $2 }' | sed 's/@.*//' | sort
  ip -o addr show | awk '{ print "addr", $2, $3, $4 }' | sort
  ip route show table all | grep -v '^local \|^broadcast ' | sed 's/^/route /' | sort
  sysctl -n net.ipv4.ip_forward | sed 's/^/ip_forward /'
  if command -v iptables-save > /dev/null; then iptables-save 2> /dev/null | grep -v '^#' | sed 's/\[[0-9:]*\]//' | sed 's/^/iptables /'; fi
  set -o pipefail
}

running_pid() {
  [[ -f "$PIDFILE" ]] || return 1
  local pid
  pid="$(cat "$PIDFILE")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2> /dev/null && [[ "$(readlink "/proc/$pid/exe" 2> /dev/null)" == "$DOCKERD" ]] && printf '%s' "$pid"
}

start() {
  [[ -x "$DOCKERD" ]] || die "dockerd is missing: run bash deploy/stack/tools.sh"
  mkdir -p "$RUN_DIR" "$DATA_ROOT" "$(dirname "$LOG")"
  if pid="$(running_pid)"; then
    log "already running (pid $pid)"
    printf 'DOCKER_HOST=unix://%s\n' "$SOCKET"
    return 0
  fi
  network_state > "$BASELINE"
  # A data root is used by one engine at a time.
  if pgrep -f -- "--data-root $DATA_ROOT" > /dev/null; then die "another engine uses $DATA_ROOT"; fi
  setsid "$DOCKERD" \
    --data-root "$DATA_ROOT" \
    --exec-root "$RUN_DIR/exec" \
    --pidfile "$PIDFILE" \
    --host "unix://$SOCKET" \
    --bridge none \
    --iptables=false \
    --ip-forward=false \
    --ip-masq=false \
    --userland-proxy=false \
    --storage-driver overlay2 \
    --log-level warn \
    > "$LOG" 2>&1 < /dev/null &
  local started=$SECONDS
  until DOCKER_HOST="unix://$SOCKET" "$DOCKER" info > /dev/null 2>&1; do
    ((SECONDS - started < 60)) || die "the engine did not answer within 60 s; see $LOG"
    sleep 0.5
  done
  log "running (pid $(cat "$PIDFILE")), data root $DATA_ROOT"
  printf 'DOCKER_HOST=unix://%s\n' "$SOCKET"
}

stop() {
  local pid
  if pid="$(running_pid)"; then
    # Containers first, so none is left to a killed engine.
    local ids
    ids="$(DOCKER_HOST="unix://$SOCKET" "$DOCKER" ps -q 2> /dev/null || true)"
    # shellcheck disable=SC2086
    [[ -z "$ids" ]] || DOCKER_HOST="unix://$SOCKET" "$DOCKER" stop -t 10 $ids > /dev/null 2>&1 || true
    STOP_TIMEOUT=30 stop_pid dockerd "$pid"
    log "stopped (pid $pid)"
  fi
  if [[ -f "$BASELINE" ]]; then
    local diff
    if diff="$(diff "$BASELINE" <(network_state))"; then
      log "host network unchanged"
      rm -f "$BASELINE"
    else
      printf '%s\n' "$diff" >&2
      die "the host network differs from before the engine started (above)"
    fi
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  env) printf 'DOCKER_HOST=unix://%s\n' "$SOCKET" ;;
  *) die "usage: docker-engine.sh start|stop|env" ;;
esac
