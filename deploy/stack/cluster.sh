#!/usr/bin/env bash
# A real Kubernetes API server on loopback for `make test-deploy`: Debian's etcd
# and kube-apiserver (built by deploy/stack/tools.sh), with fresh state under
# var/deploy/cluster each start. No kubelet, scheduler or controllers: Helm
# installs, upgrades and uninstalls objects against the real API (schemas,
# defaulting, admission, apiVersions), and nothing is scheduled.
#
#   bash deploy/stack/cluster.sh start    # prints KUBECONFIG=...
#   bash deploy/stack/cluster.sh stop
set -euo pipefail

STACK_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$STACK_DIR/../.." && pwd)"
eval "$(bash "$STACK_DIR/tools.sh" paths)"
# shellcheck source=/dev/null
source "$REPO_DIR/deploy/engines/common.sh" # launch, running_pid, stop_pid, port_open
DIR="${HANDCHECK_CLUSTER_DIR:-$REPO_DIR/var/deploy/cluster}"
# What common.sh's launch / running_pid / stop_pid read: each process's PID file,
# log and data folder (etcd/, and kube-apiserver/ for its keys and certificates)
# live under DIR, and a PID counts as ours only if its command line names that folder.
PROFILE=cluster VAR_DIR="$DIR" LOG_DIR="$DIR/log" RUN_DIR="$DIR/run"
PKI="$DIR/kube-apiserver"
ETCD_CLIENT_PORT="${HANDCHECK_ETCD_PORT:-23790}"
ETCD_PEER_PORT="${HANDCHECK_ETCD_PEER_PORT:-23800}"
API_PORT="${HANDCHECK_KUBE_API_PORT:-26443}"
KUBECONFIG_FILE="$DIR/kubeconfig"

log() { printf '[cluster] %s\n' "$*"; }
die() {
  printf '[cluster] %s\n' "$*" >&2
  exit 1
}



wait_for() { # what seconds command...
  local what=$1 limit=$2 started=$SECONDS
  shift 2
  until "$@" > /dev/null 2>&1; do
    ((SECONDS - started < limit)) || die "$what did not become ready within ${limit}s; see $DIR/log"
    sleep 0.3
  done
}


start() {
  [[ -x "$KUBE_APISERVER" && -x "$ETCD" ]] || die "kube-apiserver or etcd is missing: run bash deploy/stack/tools.sh"
  if running_pid kube-apiserver > /dev/null; then
    log "already running"
    printf 'KUBECONFIG=%s\n' "$KUBECONFIG_FILE"
    return 0
  fi
  local port
  for port in "$ETCD_CLIENT_PORT" "$ETCD_PEER_PORT" "$API_PORT"; do
    ! port_open "$port" || die "port $port is in use"
  done
  rm -rf "$DIR"
  mkdir -p "$DIR/etcd" "$PKI" "$RUN_DIR" "$LOG_DIR"
  chmod 700 "$PKI"

  # Fresh keys and an admin token for every start; none is ever committed.
  openssl genrsa -out "$PKI/service-account.key" 2048 2> /dev/null
  openssl rsa -in "$PKI/service-account.key" -pubout -out "$PKI/service-account.pub" 2> /dev/null
  local token
  token="$(openssl rand -hex 32)"
  printf '%s,handcheck-admin,handcheck-admin,system:masters\n' "$token" > "$PKI/tokens.csv"

  launch etcd "$ETCD" --name handcheck --data-dir "$DIR/etcd" \
    --listen-client-urls "http://127.0.0.1:$ETCD_CLIENT_PORT" \
    --advertise-client-urls "http://127.0.0.1:$ETCD_CLIENT_PORT" \
    --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
    --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
    --initial-cluster "handcheck=http://127.0.0.1:$ETCD_PEER_PORT" \
    --listen-metrics-urls '' --log-level warn
  wait_for etcd 30 bash -c "exec 3<>/dev/tcp/127.0.0.1/$ETCD_CLIENT_PORT"

  # --endpoint-reconciler-type=none: the API server would otherwise publish
  # its loopback address as the `kubernetes` Service's endpoint, which the API refuses.
  launch kube-apiserver "$KUBE_APISERVER" \
    --etcd-servers "http://127.0.0.1:$ETCD_CLIENT_PORT" \
    --bind-address 127.0.0.1 --advertise-address 127.0.0.1 --secure-port "$API_PORT" \
    --cert-dir "$PKI" \
    --token-auth-file "$PKI/tokens.csv" \
    --authorization-mode RBAC \
    --service-account-issuer https://kubernetes.default.svc.cluster.local \
    --service-account-key-file "$PKI/service-account.pub" \
    --service-account-signing-key-file "$PKI/service-account.key" \
    --service-cluster-ip-range 10.96.0.0/16 \
    --endpoint-reconciler-type none \
    --allow-privileged=false \
    --profiling=false
  cat > "$KUBECONFIG_FILE" <<YAML
apiVersion: v1
kind: Config
clusters:
  - name: handcheck-test
    cluster:
      server: https://127.0.0.1:$API_PORT
      # The serving certificate is the API server's own self-signed one, made at start.
      certificate-authority: $PKI/apiserver.crt
users:
  - name: handcheck-admin
    user:
      token: $token
contexts:
  - name: handcheck-test
    context: { cluster: handcheck-test, user: handcheck-admin }
current-context: handcheck-test
YAML
  chmod 600 "$KUBECONFIG_FILE"
  local started=$SECONDS
  wait_for kube-apiserver 120 "$KUBECTL" --kubeconfig "$KUBECONFIG_FILE" get --raw /readyz
  log "API server $("$KUBECTL" --kubeconfig "$KUBECONFIG_FILE" version -o json | sed -n 's/.*"gitVersion": "\(v[^"]*\)".*/\1/p' | tail -1) ready on https://127.0.0.1:$API_PORT in $((SECONDS - started))s"
  printf 'KUBECONFIG=%s\n' "$KUBECONFIG_FILE"
}

stop_one() { # name
  local pid
  pid="$(running_pid "$1")" || return 0
  stop_pid "$1" "$pid"
  log "$1 stopped (pid $pid)"
}

stop() {
  stop_one kube-apiserver
  stop_one etcd
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) die "usage: cluster.sh start|stop" ;;
esac
